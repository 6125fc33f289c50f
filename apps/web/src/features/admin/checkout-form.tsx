import { Button, Code, CopyButton, Group, SimpleGrid, Stack, Text, TextInput } from "@mantine/core";
import { modals } from "@mantine/modals";
import { type ApiError, checkoutBody, type LicenceRequest, type SpaceLicence } from "@planum/contracts";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiRequestError } from "../../shared/api-error";
import { i18n } from "../../shared/i18n";
import { notifyErrors } from "../../ui/notify";
import { useZodForm } from "../../ui/use-zod-form";
import { useMe } from "../session";
import { licenceApi } from "./licence-api";

/** The checkout form (spec §2, form flag checkout) in a dialog. */
export function openCheckout(spaceId: string, current: SpaceLicence): void {
  const modalId = "licence-checkout";
  modals.open({
    modalId,
    title: i18n.t("admin:checkout.title"),
    centered: true,
    size: "lg",
    closeButtonProps: { "aria-label": i18n.t("common:actions.close") },
    children: <CheckoutForm spaceId={spaceId} current={current} onDone={() => modals.close(modalId)} />,
  });
}

/** A typed count as the schema checks it: text that is no number stays text, so the schema names the field. */
const countOf = (text: string) => (text.trim() === "" || Number.isNaN(Number(text)) ? text : Number(text));

/** What the space wants to buy; once sent, the request's code to pass to the vendor if the mail does not reach them. */
function CheckoutForm({ spaceId, current, onDone }: { spaceId: string; current: SpaceLicence; onDone: () => void }) {
  const { t } = useTranslation("admin");
  const me = useMe();
  const licence = current.licence;
  const form = useZodForm(checkoutBody, {
    organisation: licence?.holder.slice(0, 32) ?? "",
    email: me.data?.email ?? "",
    paidUsers: String(Math.max(licence?.paidUsers ?? 0, current.seats.length, 1)),
    estimateUsers: String(licence?.estimateUsers ?? 0),
    bimUsers: String(licence?.bimUsers ?? 0),
    months: "12",
  });
  const [sent, setSent] = useState<LicenceRequest | null>(null);
  const send = useMutation({
    meta: { silentError: true },
    mutationFn: (body: Parameters<typeof licenceApi.checkout>[1]) => licenceApi.checkout(spaceId, body),
    onSuccess: setSent,
    onError: (error) => {
      const errors: ApiError[] = error instanceof ApiRequestError ? error.errors : [];
      const rest = form.applyServerErrors(errors);
      if (rest.length > 0) notifyErrors(rest);
    },
  });

  if (sent)
    return (
      <Stack gap="sm">
        <Text size="sm">{t("checkout.sent")}</Text>
        <Code block style={{ overflowWrap: "anywhere", whiteSpace: "pre-wrap" }} data-testid="licence-request-code">
          {sent.code}
        </Code>
        <Group justify="flex-end">
          <CopyButton value={sent.code}>
            {({ copied, copy }) => (
              <Button variant="light" onClick={copy}>
                {t(copied ? "checkout.copied" : "checkout.copy")}
              </Button>
            )}
          </CopyButton>
          <Button onClick={onDone}>{t("checkout.done")}</Button>
        </Group>
      </Stack>
    );

  const { values } = form;
  const numbers = {
    paidUsers: countOf(values.paidUsers),
    estimateUsers: countOf(values.estimateUsers),
    bimUsers: countOf(values.bimUsers),
    months: countOf(values.months),
  };
  return (
    <form noValidate onSubmit={form.handleSubmit((body) => send.mutate(body), numbers)}>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t("checkout.intro")}
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput label={t("checkout.organisation")} required {...form.inputProps("organisation")} />
          <TextInput label={t("checkout.email")} required type="email" {...form.inputProps("email")} />
          <TextInput label={t("checkout.paidUsers")} inputMode="numeric" {...form.inputProps("paidUsers")} />
          <TextInput label={t("checkout.months")} inputMode="numeric" {...form.inputProps("months")} />
          <TextInput label={t("checkout.estimateUsers")} inputMode="numeric" {...form.inputProps("estimateUsers")} />
          <TextInput label={t("checkout.bimUsers")} inputMode="numeric" {...form.inputProps("bimUsers")} />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t("checkout.cancel")}
          </Button>
          <Button type="submit" loading={send.isPending}>
            {t("checkout.send")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

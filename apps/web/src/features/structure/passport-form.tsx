import { Button, Group, SimpleGrid, Textarea, TextInput } from "@mantine/core";
import { formatUserDate, nodeKeyField, passportSchema, toLanguage } from "@planum/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { errorsOf } from "../../shared/api-error";
import { notifyErrors, notifySuccess } from "../../ui/notify";
import { issuesByField, issueText } from "../../ui/use-zod-form";
import { type EpsNode, ROOT, structureApi, structureKeys } from "./structure-api";

const TEXT_FIELDS = ["fullName", "address", "customer", "contractor", "designer", "manager"] as const;
const DATE_FIELDS = ["plannedStart", "plannedFinish"] as const;
const NUMBER_FIELDS = ["budget", "area"] as const;
type Field =
  | "key"
  | "description"
  | (typeof TEXT_FIELDS)[number]
  | (typeof DATE_FIELDS)[number]
  | (typeof NUMBER_FIELDS)[number];
type Issue = { code: string; params?: Record<string, string | number> };

function initialValues(node: EpsNode, decimal: string): Record<Field, string> {
  const p = node.passport;
  const text = (field: Field) => (p[field as keyof typeof p] === undefined ? "" : String(p[field as keyof typeof p]));
  const values = { key: node.key ?? "", description: text("description") } as Record<Field, string>;
  for (const field of TEXT_FIELDS) values[field] = text(field);
  for (const field of DATE_FIELDS) values[field] = p[field] ? formatUserDate(String(p[field])) : "";
  for (const field of NUMBER_FIELDS) values[field] = text(field).replace(".", decimal);
  return values;
}

/** The node's key and passport (typed card); every field optional, checked with the contracts' passport schema. */
export function PassportForm({ spaceId, node, writable }: { spaceId: string; node: EpsNode; writable: boolean }) {
  const { t, i18n } = useTranslation("structure");
  const language = toLanguage(i18n.language) ?? "ru";
  const queryClient = useQueryClient();
  const decimal = language === "en" ? "." : ",";
  const [values, setValues] = useState(() => initialValues(node, decimal));
  const [issues, setIssues] = useState<Partial<Record<Field, Issue>>>({});

  useEffect(() => {
    setValues(initialValues(node, decimal));
    setIssues({});
  }, [node, decimal]);

  const save = useMutation({
    meta: { silentError: true },
    mutationFn: async (body: { key: string | null; passport: Record<string, string> }) => {
      if (body.key !== null) await structureApi.setKey(node.id, body.key);
      await structureApi.setPassport(node.id, body.passport);
    },
    onSuccess: () => {
      notifySuccess(t("passport.saved"));
      void queryClient.invalidateQueries({ queryKey: structureKeys.node(spaceId, node.id) });
      void queryClient.invalidateQueries({ queryKey: structureKeys.children(spaceId, node.parentId ?? ROOT) });
    },
    onError: (error) => {
      const placed: Partial<Record<Field, Issue>> = {};
      const rest = errorsOf(error).filter((e) => {
        const field = String(e.params?.field ?? "").replace(/^passport\./, "") as Field;
        if (!(field in values)) return true;
        placed[field] = { code: e.code, params: e.params };
        return false;
      });
      setIssues(placed);
      if (rest.length > 0) notifyErrors(rest);
    },
  });

  const submit = () => {
    const passport: Record<string, string> = {};
    for (const [field, value] of Object.entries(values))
      if (field !== "key" && value.trim() !== "") passport[field] = value.trim();
    const found: Partial<Record<Field, Issue>> = {};
    const parsed = passportSchema.safeParse(passport);
    if (!parsed.success) Object.assign(found, issuesByField(parsed.error));
    const keyChanged = values.key.trim() !== (node.key ?? "");
    if (keyChanged) {
      const key = nodeKeyField.safeParse(values.key);
      if (!key.success) Object.assign(found, { key: issuesByField(key.error)[""] });
    }
    setIssues(found);
    if (Object.keys(found).length === 0) save.mutate({ key: keyChanged ? values.key.trim() : null, passport });
  };

  const input = (field: Field) => ({
    label: t(`passport.fields.${field}`),
    value: values[field],
    readOnly: !writable,
    variant: writable ? "default" : "filled",
    error: issues[field] ? issueText(issues[field], language) : undefined,
    onChange: (event: { currentTarget: { value: string } }) => {
      const value = event.currentTarget.value;
      setValues((current) => ({ ...current, [field]: value }));
      setIssues(({ [field]: _gone, ...rest }) => rest as Partial<Record<Field, Issue>>);
    },
  });

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="xs">
        <TextInput {...input("key")} />
        {TEXT_FIELDS.map((field) => (
          <TextInput key={field} {...input(field)} />
        ))}
        {DATE_FIELDS.map((field) => (
          <TextInput key={field} placeholder={writable ? t("values.datePlaceholder") : undefined} {...input(field)} />
        ))}
        {NUMBER_FIELDS.map((field) => (
          <TextInput key={field} inputMode="decimal" {...input(field)} />
        ))}
      </SimpleGrid>
      <Textarea mt="xs" autosize minRows={2} maxRows={6} {...input("description")} />
      {writable ? (
        <Group justify="flex-end" mt="sm">
          <Button type="submit" size="xs" loading={save.isPending}>
            {t("passport.save")}
          </Button>
        </Group>
      ) : null}
    </form>
  );
}

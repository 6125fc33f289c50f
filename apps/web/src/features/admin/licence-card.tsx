import { Badge, Button, Checkbox, Group, SimpleGrid, Skeleton, Table, Text } from "@mantine/core";
import type { SpaceLicence, UpdateSeatBody } from "@planum/contracts";
import { IconShoppingCart } from "@tabler/icons-react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import dayjs from "dayjs";
import { useTranslation } from "react-i18next";
import { queryKeys } from "../../shared/query-keys";
import { SectionCard } from "../../ui/section-card";
import { openCheckout } from "./checkout-form";
import { licenceApi, useSpaceLicence } from "./licence-api";

const PAID_COLOR = { free: "gray", paid: "teal", nopaid: "red" } as const;

/**
 * The space's licence (space:admin): its paid type, the licence in force with what is used of it, the members
 * within the paid user count and their estimate and BIM seats, and the checkout form that asks the vendor for one.
 */
export function LicenceCard({ spaceId }: { spaceId: string }) {
  const { t } = useTranslation("admin");
  const queryClient = useQueryClient();
  const state = useSpaceLicence(spaceId);
  const seat = useMutation({
    mutationFn: ({ userId, body }: { userId: string; body: UpdateSeatBody }) =>
      licenceApi.setSeat(spaceId, userId, body),
    onSuccess: (data) => queryClient.setQueryData(queryKeys.spaceLicence(spaceId), data),
  });
  const data = state.data;
  const licence = data?.licence ?? null;

  return (
    <SectionCard
      title={t("licence.title")}
      aside={
        data ? (
          <Badge variant="light" color={PAID_COLOR[data.paidType]}>
            {t(`licence.paidType.${data.paidType}`)}
          </Badge>
        ) : null
      }
    >
      {!data ? (
        <Skeleton h={120} />
      ) : (
        <>
          {licence ? (
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
              <Fact label={t("licence.number")} value={licence.number} />
              <Fact label={t("licence.holder")} value={licence.holder} />
              <Fact label={t("licence.expires")} value={dayjs(licence.expiresAt).format("DD.MM.YYYY")} />
              <Fact label={t("licence.paidUsers")} value={`${data.used.paidUsers} / ${licence.paidUsers}`} />
              <Fact label={t("licence.estimateUsers")} value={`${data.used.estimate} / ${licence.estimateUsers}`} />
              <Fact label={t("licence.bimUsers")} value={`${data.used.bim} / ${licence.bimUsers}`} />
            </SimpleGrid>
          ) : (
            <Text size="sm" c="dimmed">
              {t(data.paidType === "free" ? "licence.freeText" : "licence.nopaidText")}
            </Text>
          )}
          {licence ? (
            <Seats data={data} busy={seat.isPending} onSeat={(userId, body) => seat.mutate({ userId, body })} />
          ) : null}
          <Group justify="flex-end">
            <Button
              variant="light"
              leftSection={<IconShoppingCart size={18} />}
              onClick={() => openCheckout(spaceId, data)}
            >
              {t("licence.checkout")}
            </Button>
          </Group>
        </>
      )}
    </SectionCard>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500} style={{ overflowWrap: "anywhere" }}>
        {value}
      </Text>
    </div>
  );
}

function Seats({
  data,
  busy,
  onSeat,
}: {
  data: SpaceLicence;
  busy: boolean;
  onSeat: (userId: string, body: UpdateSeatBody) => void;
}) {
  const { t } = useTranslation("admin");
  return (
    <Table.ScrollContainer minWidth={480}>
      <Table verticalSpacing="xs" aria-label={t("licence.seats")}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t("members.name")}</Table.Th>
            <Table.Th>{t("licence.seatPaid")}</Table.Th>
            <Table.Th>{t("licence.seatEstimate")}</Table.Th>
            <Table.Th>{t("licence.seatBim")}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {data.seats.map((member) => (
            <Table.Tr key={member.userId}>
              <Table.Td>
                <Text size="sm">{`${member.lastName} ${member.firstName}`.trim() || member.login}</Text>
                <Text size="xs" c="dimmed">
                  {member.login}
                </Text>
              </Table.Td>
              <Table.Td>
                <Badge variant="light" color={member.paid ? "teal" : "red"}>
                  {t(member.paid ? "licence.withinLicence" : "licence.pastLicence")}
                </Badge>
              </Table.Td>
              <Table.Td>
                <Checkbox
                  aria-label={t("licence.estimateOf", { login: member.login })}
                  checked={member.estimate}
                  disabled={busy}
                  onChange={(event) => onSeat(member.userId, { estimate: event.currentTarget.checked })}
                />
              </Table.Td>
              <Table.Td>
                <Checkbox
                  aria-label={t("licence.bimOf", { login: member.login })}
                  checked={member.bim}
                  disabled={busy}
                  onChange={(event) => onSeat(member.userId, { bim: event.currentTarget.checked })}
                />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

import {
  ActionIcon,
  Button,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { RESOURCE_KINDS, type Resource, type ResourceKind } from "@planum/contracts";
import { IconPlus, IconTrash } from "@tabler/icons-react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { confirm } from "../../ui/confirm-dialog";
import { notifySuccess } from "../../ui/notify";
import { useCalendars } from "../calendars/calendars-api";
import { useSpaceMembers } from "../spaces";
import { formatAmount } from "./assignments-tab";
import { resourceKeys, resourcesApi, useSpecialties } from "./resources-api";

interface Period {
  /** A row's identity while it is edited (its day and value change as the user types). */
  key: number;
  from: string;
  value: number | string;
}

let periodKeys = 0;
const period = (from: string, value: number | string): Period => ({ key: ++periodKeys, from, value });

interface ResourceEditorProps {
  spaceId: string;
  /** null = a new resource. */
  resource: Resource | null;
  all: readonly Resource[];
  onSaved(resource: Resource): void;
  onDeleted(): void;
}

/** A resource's definition, its availability and rates by period, and (for a saved one) the works it is assigned to. */
export function ResourceEditor({ spaceId, resource, all, onSaved, onDeleted }: ResourceEditorProps) {
  const { t, i18n } = useTranslation("resources");
  const queryClient = useQueryClient();
  const calendars = useCalendars(spaceId);
  const specialties = useSpecialties(spaceId);
  const members = useSpaceMembers(spaceId);
  const [code, setCode] = useState(resource?.code ?? "");
  const [name, setName] = useState(resource?.name ?? "");
  const [kind, setKind] = useState<ResourceKind>(resource?.kind ?? "labor");
  const [unit, setUnit] = useState(resource?.unit ?? "");
  const [parentId, setParentId] = useState<string | null>(resource?.parentId ?? null);
  const [calendarId, setCalendarId] = useState<string | null>(resource?.calendarId ?? null);
  const [specialtyId, setSpecialtyId] = useState<string | null>(resource?.specialtyId ?? null);
  const [userId, setUserId] = useState<string | null>(resource?.userId ?? null);
  const [availability, setAvailability] = useState<Period[]>(
    resource?.availability.map((p) => period(p.from, p.maxUnitsPerDay)) ?? [],
  );
  const [rates, setRates] = useState<Period[]>(resource?.rates.map((p) => period(p.from, p.pricePerUnit)) ?? []);
  const assignments = useQuery({
    queryKey: resourceKeys.ofResource(resource?.id ?? ""),
    queryFn: () => resourcesApi.ofResource(resource?.id ?? ""),
    enabled: resource !== null,
  });

  const body = () => ({
    code,
    name,
    kind,
    unit,
    parentId,
    calendarId,
    specialtyId,
    userId,
    availability: availability.map((p) => ({ from: p.from, maxUnitsPerDay: Number(p.value) })),
    rates: rates.map((p) => ({ from: p.from, pricePerUnit: Number(p.value) })),
  });
  const save = useMutation({
    mutationFn: () =>
      resource
        ? resourcesApi.update(spaceId, resource.id, { revision: resource.revision, ...body() })
        : resourcesApi.create(spaceId, body()),
    onSuccess: (saved) => {
      notifySuccess(t("saved"));
      void queryClient.invalidateQueries({ queryKey: resourceKeys.list(spaceId) });
      onSaved(saved);
    },
  });
  const remove = useMutation({
    mutationFn: () => resourcesApi.remove(spaceId, resource?.id ?? ""),
    onSuccess: () => {
      notifySuccess(t("deleted"));
      void queryClient.invalidateQueries({ queryKey: resourceKeys.list(spaceId) });
      onDeleted();
    },
  });
  const askDelete = async () => {
    const count = assignments.data?.length ?? 0;
    const { confirmed } = await confirm({ message: t("confirmDelete", { code: resource?.code, count }), danger: true });
    if (confirmed) remove.mutate();
  };

  // A resource cannot sit under itself or under one of its descendants.
  const below = new Set<string>();
  if (resource) {
    below.add(resource.id);
    let grew = true;
    while (grew) {
      grew = false;
      for (const r of all)
        if (r.parentId && below.has(r.parentId) && !below.has(r.id)) {
          below.add(r.id);
          grew = true;
        }
    }
  }
  const language = i18n.language;
  const today = new Date().toISOString().slice(0, 10);

  return (
    <Stack gap="sm">
      <Title order={2} fz={18}>
        {resource ? `${resource.code} — ${resource.name}` : t("create")}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
        <TextInput
          label={t("fields.code")}
          value={code}
          maxLength={40}
          onChange={(e) => setCode(e.currentTarget.value)}
        />
        <TextInput
          label={t("fields.name")}
          value={name}
          maxLength={120}
          onChange={(e) => setName(e.currentTarget.value)}
        />
        <Select
          label={t("fields.kind")}
          data={RESOURCE_KINDS.map((k) => ({ value: k, label: t(`kinds.${k}`) }))}
          value={kind}
          onChange={(v) => v && setKind(v as ResourceKind)}
          allowDeselect={false}
        />
        <TextInput
          label={t("fields.unit")}
          placeholder={t("units.hours")}
          value={unit}
          maxLength={16}
          onChange={(e) => setUnit(e.currentTarget.value)}
        />
        <Select
          label={t("fields.parent")}
          data={all.filter((r) => !below.has(r.id)).map((r) => ({ value: r.id, label: `${r.code} — ${r.name}` }))}
          value={parentId}
          onChange={setParentId}
          clearable
          searchable
        />
        <Select
          label={t("fields.calendar")}
          placeholder={t("defaultCalendar")}
          data={(calendars.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
          value={calendarId}
          onChange={setCalendarId}
          clearable
        />
        <Select
          label={t("fields.specialty")}
          data={(specialties.data ?? []).map((s) => ({ value: s.id, label: s.name }))}
          value={specialtyId}
          onChange={setSpecialtyId}
          clearable
        />
        <Select
          label={t("fields.user")}
          data={(members.data ?? []).map((m) => ({
            value: m.userId,
            label: `${m.lastName} ${m.firstName}`.trim() || m.login,
          }))}
          value={userId}
          onChange={setUserId}
          clearable
          searchable
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <PeriodsEditor
          title={t("availability.title")}
          valueLabel={t("availability.value")}
          periods={availability}
          onChange={setAvailability}
          today={today}
        />
        <PeriodsEditor
          title={t("rates.title")}
          valueLabel={t("rates.value")}
          periods={rates}
          onChange={setRates}
          today={today}
        />
      </SimpleGrid>
      <Group gap="xs">
        <Button onClick={() => save.mutate()} loading={save.isPending} disabled={!code.trim() || !name.trim()}>
          {t("save")}
        </Button>
        {resource && (
          <Button variant="light" color="red" onClick={() => void askDelete()} loading={remove.isPending}>
            {t("delete")}
          </Button>
        )}
      </Group>
      {resource && (
        <Stack gap={4}>
          <Text fw={600} size="sm">
            {t("usedIn")}
          </Text>
          {(assignments.data ?? []).length === 0 ? (
            <Text size="sm" c="dimmed">
              {t("notAssigned")}
            </Text>
          ) : (
            <Table.ScrollContainer minWidth={420}>
              <Table fz="sm" withTableBorder>
                <Table.Tbody>
                  {(assignments.data ?? []).map((a) => (
                    <Table.Tr key={a.id}>
                      <Table.Td style={{ overflowWrap: "anywhere" }}>{`${a.work.code} — ${a.work.name}`}</Table.Td>
                      <Table.Td ta="right">{`${formatAmount(a.budgetedUnits, language)} ${a.resource.unit || t("units.hours")}`}</Table.Td>
                      <Table.Td ta="right">{formatAmount(a.cost.budgeted, language)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </Stack>
      )}
    </Stack>
  );
}

/** Values by period: each row holds from its day until the next row's. */
function PeriodsEditor(props: {
  title: string;
  valueLabel: string;
  periods: Period[];
  onChange(periods: Period[]): void;
  today: string;
}) {
  const { t } = useTranslation("resources");
  const { periods, onChange } = props;
  const set = (k: number, patch: Partial<Period>) =>
    onChange(periods.map((p, j) => (j === k ? { ...p, ...patch } : p)));
  return (
    <Stack gap={4}>
      <Group justify="space-between" wrap="nowrap">
        <Text fw={600} size="sm">
          {props.title}
        </Text>
        <Button
          size="compact-xs"
          variant="light"
          leftSection={<IconPlus size={12} />}
          onClick={() => onChange([...periods, period(props.today, 0)])}
        >
          {t("periods.add")}
        </Button>
      </Group>
      {periods.length === 0 && (
        <Text size="xs" c="dimmed">
          {t("periods.none")}
        </Text>
      )}
      {periods.map((p, k) => (
        <Group key={p.key} gap={4} wrap="nowrap" align="flex-end">
          <TextInput
            size="xs"
            type="date"
            label={k === 0 ? t("periods.from") : undefined}
            aria-label={`${props.title}: ${t("periods.from")}`}
            value={p.from}
            onChange={(e) => set(k, { from: e.currentTarget.value })}
            style={{ flex: 1 }}
          />
          <NumberInput
            size="xs"
            label={k === 0 ? props.valueLabel : undefined}
            aria-label={`${props.title}: ${props.valueLabel}`}
            value={p.value}
            onChange={(value) => set(k, { value })}
            decimalScale={3}
            style={{ flex: 1 }}
          />
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={t("periods.remove")}
            onClick={() => onChange(periods.filter((_, j) => j !== k))}
          >
            <IconTrash size={14} />
          </ActionIcon>
        </Group>
      ))}
    </Stack>
  );
}

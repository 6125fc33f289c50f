import {
  Button,
  ColorInput,
  Group,
  MultiSelect,
  NumberInput,
  Paper,
  Select,
  Stack,
  Text,
  TextInput,
} from "@mantine/core";
import { BIM_SHAPES, type BimPrimitive, type BimShape, type WbsItem } from "@planum/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { notifyError } from "../../ui/notify";
import { bimPrimitiveKeys, bimPrimitivesApi } from "./bim-primitives-api";

type Triple = [number, number, number];
export type PrimitiveDraft = Omit<BimPrimitive, "id" | "epsId" | "createdAt">;

/** What "Add a shape" starts from: a 4 × 4 × 3 m box on the plan's origin. */
export const NEW_PRIMITIVE: PrimitiveDraft = {
  name: "",
  shape: "box",
  size: [4, 4, 3],
  position: [0, 0, 0],
  rotation: [0, 0, 0],
  colour: "#74c0fc",
  itemIds: [],
};

interface Props {
  spaceId: string;
  epsId: string;
  /** null: a new primitive. */
  primitive: BimPrimitive | null;
  /** The works of the chosen version that the primitive may stand for. */
  works: WbsItem[];
  /** Shown in the scene while typed, before saving. */
  onDraft: (draft: PrimitiveDraft) => void;
  onClose: (saved: BimPrimitive | null) => void;
}

/**
 * The form of one primitive: name, shape, size, position and rotation on the site plan (metres and degrees; x east,
 * y north, z up), colour, and the works it stands for. Ties to works of other versions are kept as they are.
 */
export function BimPrimitiveForm({ spaceId, epsId, primitive, works, onDraft, onClose }: Props) {
  const { t } = useTranslation("bim");
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<PrimitiveDraft>(primitive ?? NEW_PRIMITIVE);
  const change = (next: Partial<PrimitiveDraft>) => {
    const changed = { ...draft, ...next };
    setDraft(changed);
    onDraft(changed);
  };
  const shown = new Set(works.map((w) => w.id));
  const elsewhere = draft.itemIds.filter((id) => !shown.has(id));
  const save = useMutation({
    mutationFn: () =>
      primitive
        ? bimPrimitivesApi.update({ id: primitive.id, epsId, ...draft })
        : bimPrimitivesApi.create({ epsId, ...draft }),
    onSuccess: (saved) => {
      void queryClient.invalidateQueries({ queryKey: bimPrimitiveKeys.ofNode(spaceId, epsId) });
      onClose(saved);
    },
    onError: notifyError,
  });

  const triple = (label: string, value: Triple, min: number | undefined, onChange: (value: Triple) => void) => (
    <Stack gap={2}>
      <Text size="xs" fw={500}>
        {label}
      </Text>
      <Group gap={4} wrap="nowrap">
        {(["x", "y", "z"] as const).map((axis, index) => (
          <NumberInput
            key={axis}
            size="xs"
            w={84}
            aria-label={`${label} ${axis}`}
            leftSection={<Text size="xs">{axis}</Text>}
            decimalScale={3}
            min={min}
            value={value[index]}
            onChange={(typed) => {
              const next = [...value] as Triple;
              next[index] = typeof typed === "number" ? typed : Number.NaN;
              onChange(next);
            }}
          />
        ))}
      </Group>
    </Stack>
  );

  return (
    <Paper withBorder p="sm" data-testid="bim-primitive-form">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate();
        }}
      >
        <Stack gap="xs">
          <Group gap="xs" wrap="wrap" align="flex-end">
            <TextInput
              size="xs"
              w={200}
              label={t("primitives.name")}
              value={draft.name}
              maxLength={32}
              onChange={(event) => change({ name: event.currentTarget.value })}
            />
            <Select
              size="xs"
              w={150}
              label={t("primitives.shape")}
              allowDeselect={false}
              value={draft.shape}
              onChange={(value) => value && change({ shape: value as BimShape })}
              data={BIM_SHAPES.map((shape) => ({ value: shape, label: t(`primitives.shapes.${shape}`) }))}
            />
            <ColorInput
              size="xs"
              w={130}
              label={t("primitives.colour")}
              format="hex"
              value={draft.colour}
              onChange={(colour) => change({ colour })}
            />
          </Group>
          <Group gap="md" wrap="wrap" align="flex-end">
            {triple(t("primitives.size"), draft.size, 0.001, (size) => change({ size }))}
            {triple(t("primitives.position"), draft.position, undefined, (position) => change({ position }))}
            {triple(t("primitives.rotation"), draft.rotation, -360, (rotation) => change({ rotation }))}
          </Group>
          <Text size="xs" c="dimmed">
            {t("primitives.axesHint")}
          </Text>
          <MultiSelect
            size="xs"
            label={t("primitives.works")}
            placeholder={works.length ? t("primitives.pickWorks") : t("primitives.noWorks")}
            searchable
            value={draft.itemIds.filter((id) => shown.has(id)).map(String)}
            onChange={(ids) => change({ itemIds: [...elsewhere, ...ids.map(Number)] })}
            data={works.map((work) => ({ value: String(work.id), label: `${work.code} · ${work.name}` }))}
            maxDropdownHeight={220}
          />
          {elsewhere.length > 0 ? (
            <Text size="xs" c="dimmed">
              {t("primitives.worksElsewhere", { count: elsewhere.length })}
            </Text>
          ) : null}
          <Group gap="xs" justify="flex-end">
            <Button size="xs" variant="default" onClick={() => onClose(null)}>
              {t("primitives.cancel")}
            </Button>
            <Button size="xs" type="submit" loading={save.isPending}>
              {t("primitives.save")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

import { ActionIcon, Box, Group, Slider, Stack, Switch, Text } from "@mantine/core";
import {
  BIM_4D_COLOURS,
  BIM_4D_STATUSES,
  type Bim4dStatus,
  type BimLinkedElement,
  elementStatus,
  type WbsItem,
  workStatusAt,
} from "@planum/contracts";
import { IconPlayerPause, IconPlayerPlay } from "@tabler/icons-react";
import { useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { shownDate } from "../../shared/date-format";

const DAY = 86_400_000;
/** Days the playing timeline moves per second. */
const DAYS_PER_SECOND = 7;

const dayText = (ms: number) => new Date(ms).toISOString().slice(0, 10);

interface Props {
  ties: BimLinkedElement[];
  works: Map<number, WbsItem>;
  /** On: the player colours the tied elements (and the panel leaves them to it). */
  on: boolean;
  onOn: (on: boolean) => void;
  onTint: (tints: Map<number, string | null>) => void;
}

/**
 * The 4D player: a timeline over the tied works' dates; at each day every tied element takes its status colour
 * (`workStatusAt` / `elementStatus` of the contracts, as the server's player call answers). Playing moves the day
 * on each animation frame, so recolouring every element runs at the display's rate.
 */
export function Bim4dPlayer({ ties, works, on, onOn, onTint }: Props) {
  const { t } = useTranslation("bim");
  const range = useMemo(() => {
    let from: string | null = null;
    let to: string | null = null;
    for (const tie of ties) {
      const work = works.get(tie.itemId);
      for (const date of [work?.earlyStart, work?.actualStart]) if (date && (from === null || date < from)) from = date;
      for (const date of [work?.earlyFinish, work?.actualFinish]) if (date && (to === null || date > to)) to = date;
    }
    return from && to
      ? { from: Date.parse(`${from.slice(0, 10)}T00:00Z`), to: Date.parse(`${to.slice(0, 10)}T00:00Z`) }
      : null;
  }, [ties, works]);
  const [day, setDay] = useState<number | null>(null);
  const [playing, setPlaying] = useState(false);
  const shown = range ? Math.min(range.to, Math.max(range.from, day ?? range.from)) : null;

  const statuses = useMemo(() => {
    if (shown === null) return new Map<number, Bim4dStatus>();
    const at = `${dayText(shown)}T23:59`;
    const byElement = new Map<number, Bim4dStatus[]>();
    for (const tie of ties) {
      const work = works.get(tie.itemId);
      if (!work) continue;
      const list = byElement.get(tie.expressId) ?? [];
      list.push(workStatusAt(work, at));
      byElement.set(tie.expressId, list);
    }
    return new Map([...byElement].map(([id, list]) => [id, elementStatus(list)]));
  }, [shown, ties, works]);

  // Only the elements whose colour changed since the last day shown are recoloured (a day moves a few works on):
  // all of them when the player is switched on or the scene changes.
  const sent = useRef<{ to: Props["onTint"]; colours: Map<number, string> } | null>(null);
  useEffect(() => {
    if (!on) {
      sent.current = null;
      return;
    }
    const colours = new Map([...statuses].map(([id, status]) => [id, BIM_4D_COLOURS[status] as string]));
    const before = sent.current?.to === onTint ? sent.current.colours : null;
    const changed = new Map<number, string | null>();
    for (const [id, colour] of colours) if (before?.get(id) !== colour) changed.set(id, colour);
    if (before) for (const id of before.keys()) if (!colours.has(id)) changed.set(id, null);
    sent.current = { to: onTint, colours };
    if (changed.size > 0) onTint(changed);
  }, [on, statuses, onTint]);

  // Playing: the day follows the clock of the animation frames, from where the slider stood when play was pressed.
  const start = useRef<{ at: number; day: number } | null>(null);
  const shownNow = useRef(shown);
  shownNow.current = shown;
  useEffect(() => {
    if (!playing || !range) return;
    let frame = requestAnimationFrame(function step(now) {
      start.current ??= { at: now, day: shownNow.current ?? range.from };
      const next = start.current.day + ((now - start.current.at) / 1000) * DAYS_PER_SECOND * DAY;
      if (next >= range.to) {
        setDay(range.to);
        setPlaying(false);
        return;
      }
      setDay(next - (next % DAY));
      frame = requestAnimationFrame(step);
    });
    return () => {
      cancelAnimationFrame(frame);
      start.current = null;
    };
  }, [playing, range]);

  const counts = useMemo(() => {
    const result: Record<Bim4dStatus, number> = { not_started: 0, in_progress: 0, done: 0, late: 0 };
    for (const status of statuses.values()) result[status] += 1;
    return result;
  }, [statuses]);

  return (
    <Stack gap={4} data-testid="bim-4d">
      <Switch
        size="xs"
        checked={on}
        onChange={(event) => onOn(event.currentTarget.checked)}
        label={t("player.title")}
      />
      {on && range && shown !== null ? (
        <>
          <Group gap="xs" wrap="nowrap">
            <ActionIcon
              variant="light"
              size="sm"
              onClick={() => {
                if (!playing && shown >= range.to) setDay(range.from);
                setPlaying(!playing);
              }}
              aria-label={playing ? t("player.pause") : t("player.play")}
            >
              {playing ? <IconPlayerPause size={14} /> : <IconPlayerPlay size={14} />}
            </ActionIcon>
            <Slider
              style={{ flex: 1 }}
              min={range.from}
              max={range.to}
              step={DAY}
              value={shown}
              onChange={(value) => {
                setPlaying(false);
                setDay(value);
              }}
              label={(value) => shownDate(dayText(value))}
              aria-label={t("player.date")}
            />
          </Group>
          <Text size="xs" data-testid="bim-4d-date">
            {shownDate(dayText(shown))}
          </Text>
          <Group gap="xs" wrap="wrap">
            {BIM_4D_STATUSES.map((status) => (
              <Group key={status} gap={4} wrap="nowrap">
                <Box w={10} h={10} style={{ borderRadius: 2, background: BIM_4D_COLOURS[status] }} />
                <Text size="xs" data-testid={`bim-4d-${status}`}>
                  {t(`player.${status}`)}: {counts[status]}
                </Text>
              </Group>
            ))}
          </Group>
        </>
      ) : on ? (
        <Text size="xs" c="dimmed">
          {t("player.noDates")}
        </Text>
      ) : null}
    </Stack>
  );
}

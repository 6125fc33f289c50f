import { Skeleton, Stack, Textarea, TextInput } from "@mantine/core";
import { type ApiError, type SpaceSettings, toLanguage, updateSpaceSettingsBody } from "@planum/contracts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../shared/api-client";
import { ApiRequestError } from "../../shared/api-error";
import { queryKeys } from "../../shared/query-keys";
import { notifyErrors, notifySuccess } from "../../ui/notify";
import { SectionCard } from "../../ui/section-card";
import { issuesByField, issueText } from "../../ui/use-zod-form";

const path = (spaceId: string) => `/space/${encodeURIComponent(spaceId)}/settings`;

interface Fields {
  wdpEntryDays: string;
  idleMinutes: string;
  ipAllowList: string;
}
const fieldsOf = (s: SpaceSettings): Fields => ({
  wdpEntryDays: s.wdpEntryDays === null ? "" : String(s.wdpEntryDays),
  idleMinutes: String(s.idleMinutes),
  ipAllowList: s.ipAllowList.join("\n"),
});
/** A typed number as the schema checks it: empty stays empty (null for the entry period), text that is no number stays text. */
const numberOf = (text: string) => (text.trim() === "" ? null : Number.isNaN(Number(text)) ? text : Number(text));

/**
 * The space's settings (`GET/PUT /space/{id}/settings`, space:admin): the allowed entry period of work-done plans,
 * the idle time that ends a session, the networks allowed to reach the space. Another admin's change reloads it
 * (space_settings_changed).
 */
export function SpaceSettingsCard({ spaceId }: { spaceId: string }) {
  const { t, i18n } = useTranslation("admin");
  const language = toLanguage(i18n.language) ?? "ru";
  const queryClient = useQueryClient();
  const settings = useQuery({
    queryKey: queryKeys.spaceSettings(spaceId),
    queryFn: () => api.get<SpaceSettings>(path(spaceId)),
  });
  const [fields, setFields] = useState<Fields | null>(null);
  const [issues, setIssues] = useState<Record<string, { code: string; params?: Record<string, string | number> }>>({});
  useEffect(() => {
    if (settings.data) setFields(fieldsOf(settings.data));
  }, [settings.data]);

  const save = useMutation({
    meta: { silentError: true },
    mutationFn: (body: unknown) => api.put<SpaceSettings>(path(spaceId), body),
    onSuccess: (saved) => {
      queryClient.setQueryData(queryKeys.spaceSettings(spaceId), saved);
      // the work-done plan screens read the entry period through limit-for-dp
      void queryClient.invalidateQueries({
        queryKey: ["schedule"],
        predicate: (q) => q.queryKey[2] === "limit-for-dp",
      });
      notifySuccess(t("settings.saved"));
    },
    onError: (error) => {
      const errors: ApiError[] = error instanceof ApiRequestError ? error.errors : [];
      const placed: typeof issues = {};
      const rest: ApiError[] = [];
      for (const e of errors) {
        const field = String(e.params?.field ?? "").split(".")[0];
        if (field && field in (fields ?? {})) placed[field] = { code: e.code, params: e.params };
        else rest.push(e);
      }
      setIssues(placed);
      if (rest.length > 0 || errors.length === 0)
        notifyErrors(rest.length > 0 ? rest : [{ code: "UnknownException", message: "" }]);
    },
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!fields) return;
    const body = {
      wdpEntryDays: numberOf(fields.wdpEntryDays),
      idleMinutes: numberOf(fields.idleMinutes) ?? undefined,
      ipAllowList: fields.ipAllowList
        .split(/[\n,;]+/)
        .map((line) => line.trim())
        .filter((line) => line !== ""),
    };
    const parsed = updateSpaceSettingsBody.safeParse(body);
    if (!parsed.success) {
      setIssues(issuesByField(parsed.error));
      return;
    }
    setIssues({});
    save.mutate(parsed.data);
  };
  const set = (name: keyof Fields) => (event: { currentTarget: { value: string } }) => {
    const value = event.currentTarget.value;
    setFields((now) => (now ? { ...now, [name]: value } : now));
    setIssues(({ [name]: _gone, ...rest }) => rest);
  };
  const errorOf = (name: keyof Fields) => (issues[name] ? issueText(issues[name], language) : undefined);

  return (
    <SectionCard
      title={t("settings.title")}
      onSubmit={submit}
      submit={fields ? { label: t("settings.save"), loading: save.isPending } : undefined}
    >
      {!fields ? (
        <Skeleton h={180} />
      ) : (
        <Stack gap="sm">
          <TextInput
            label={t("settings.wdpEntryDays")}
            description={t("settings.wdpEntryDaysHint")}
            placeholder={t("settings.noLimit")}
            inputMode="numeric"
            value={fields.wdpEntryDays}
            onChange={set("wdpEntryDays")}
            error={errorOf("wdpEntryDays")}
            maw={420}
          />
          <TextInput
            label={t("settings.idleMinutes")}
            description={t("settings.idleMinutesHint")}
            inputMode="numeric"
            value={fields.idleMinutes}
            onChange={set("idleMinutes")}
            error={errorOf("idleMinutes")}
            maw={420}
          />
          <Textarea
            label={t("settings.ipAllowList")}
            description={t("settings.ipAllowListHint")}
            placeholder="192.168.0.0/24"
            autosize
            minRows={2}
            maxRows={8}
            value={fields.ipAllowList}
            onChange={set("ipAllowList")}
            error={errorOf("ipAllowList")}
          />
        </Stack>
      )}
    </SectionCard>
  );
}

import {
  Alert,
  Button,
  Checkbox,
  FileInput,
  Group,
  Modal,
  ScrollArea,
  Select,
  Stack,
  Table,
  Text,
} from "@mantine/core";
import type { DirectoryUploadPreview, VersionDirectoryLinks } from "@planum/contracts";
import { IconUpload } from "@tabler/icons-react";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { notifySuccess } from "../../ui/notify";
import { directoriesApi } from "./directories-api";
import { linksApi } from "./links-api";

type SeenDirectory = VersionDirectoryLinks["directories"][number];

interface Props {
  versionId: string;
  directories: SeenDirectory[];
  /** The workspace's way of sending a change (reloads it, records it for redo, shows a refusal). */
  send(request: () => Promise<unknown>, action: string | null): Promise<unknown>;
  onClose(): void;
}

/**
 * "Upload with assignment" (spec §2 form flag): an XLSX or CSV file of work codes and directory row codes links the
 * works to the rows. The file's first rows are shown and its two columns picked by header before anything is
 * written; then every line is linked or none is (an unknown code is refused naming its line).
 */
export function AssignUploadDialog({ versionId, directories, send, onClose }: Props) {
  const { t } = useTranslation("directories");
  const [directoryId, setDirectoryId] = useState<string | null>(directories[0]?.id ?? null);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<DirectoryUploadPreview | null>(null);
  const [work, setWork] = useState<string | null>(null);
  const [row, setRow] = useState<string | null>(null);
  const directory = directories.find((d) => d.id === directoryId) ?? null;
  const [applyDonors, setApplyDonors] = useState(true);
  const read = useMutation({
    mutationFn: (chosen: File) => directoriesApi.uploadPreview(directory!, chosen),
    onSuccess: (answer) => {
      setPreview(answer);
      // the codes are most often the first two columns
      const width = answer.rows[0]?.length ?? 0;
      setWork(width > 0 ? "0" : null);
      setRow(width > 1 ? "1" : null);
    },
  });
  const [sending, setSending] = useState(false);
  const submit = async () => {
    if (!directory || !file || work === null || row === null) return;
    setSending(true);
    const donors = applyDonors && directory.donors.length > 0;
    const result = (await send(
      () =>
        linksApi.uploadAssignment(versionId, directory.id, file, {
          workColumn: work,
          rowColumn: row,
          skipRows: 0,
          applyDonors: donors,
        }),
      donors ? "directory_values" : null,
    )) as { linked: number } | null;
    setSending(false);
    if (result) {
      notifySuccess(t("links.assign.done", { count: result.linked }));
      onClose();
    }
  };
  const header = preview?.rows[0] ?? [];
  const columns = header.map((text, index) => ({ value: String(index), label: text || `#${index + 1}` }));
  return (
    <Modal opened onClose={onClose} title={t("links.assign.title")} size="xl" centered>
      <Stack>
        <Select
          label={t("links.directory")}
          data={directories.map((d) => ({ value: d.id, label: d.name }))}
          value={directoryId}
          allowDeselect={false}
          onChange={(id) => {
            setDirectoryId(id);
            setFile(null);
            setPreview(null);
          }}
          comboboxProps={{ withinPortal: true }}
        />
        <FileInput
          label={t("upload.file")}
          description={t("links.assign.fileHint")}
          accept=".xlsx,.csv"
          value={file}
          leftSection={<IconUpload size={16} />}
          onChange={(chosen) => {
            setFile(chosen);
            setPreview(null);
            if (chosen && directory) read.mutate(chosen);
          }}
        />
        {preview?.problem ? <Alert color="red">{preview.problem}</Alert> : null}
        {preview && !preview.problem ? (
          <>
            <Text size="sm">{t("upload.rows", { count: preview.rowCount })}</Text>
            <ScrollArea type="auto" mah={220}>
              <Table withTableBorder withColumnBorders fz="xs" aria-label={t("upload.preview")}>
                <Table.Tbody>
                  {preview.rows.map((cells, r) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: preview rows are fixed for one file
                    <Table.Tr key={r} fw={r === 0 ? 700 : undefined}>
                      {cells.map((cell, c) => (
                        // biome-ignore lint/suspicious/noArrayIndexKey: cells of a fixed row
                        <Table.Td key={c} style={{ whiteSpace: "nowrap" }}>
                          {cell}
                        </Table.Td>
                      ))}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollArea>
            <Group grow align="flex-start" wrap="wrap">
              <Select
                label={t("links.assign.workColumn")}
                data={columns}
                value={work}
                onChange={setWork}
                style={{ minWidth: 200 }}
                comboboxProps={{ withinPortal: true }}
              />
              <Select
                label={t("links.assign.rowColumn")}
                data={columns}
                value={row}
                onChange={setRow}
                style={{ minWidth: 200 }}
                comboboxProps={{ withinPortal: true }}
              />
            </Group>
          </>
        ) : null}
        {directory && directory.donors.length > 0 ? (
          <Checkbox
            label={t("links.assign.applyDonors", { names: directory.donors.map((d) => d.attributeName).join(", ") })}
            checked={applyDonors}
            onChange={(e) => setApplyDonors(e.currentTarget.checked)}
          />
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t("links.cancel")}
          </Button>
          <Button
            leftSection={<IconUpload size={16} />}
            onClick={() => void submit()}
            loading={sending || read.isPending}
            disabled={!file || !preview || Boolean(preview.problem) || work === null || row === null}
          >
            {t("links.assign.submit")}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

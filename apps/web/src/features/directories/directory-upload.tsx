import { Alert, Button, FileInput, Group, Modal, ScrollArea, Select, Stack, Table, Text } from "@mantine/core";
import type { Directory, DirectoryMapping, DirectoryUploadPreview } from "@planum/contracts";
import { IconUpload } from "@tabler/icons-react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { notifySuccess } from "../../ui/notify";
import { directoriesApi, directoryKeys } from "./directories-api";

/** Column indexes chosen for the code, name, parent and each directory column (null: not taken from the file). */
interface Choice {
  code: number | null;
  name: number | null;
  parent: number | null;
  columns: Record<string, number | null>;
}

/**
 * Uploading rows from XLSX or CSV the interchange dialog's way: the file's first rows are shown, its columns mapped
 * (found by header first, changeable), then every row goes in at once or none does — a refusal names the file's row.
 */
export function DirectoryUpload(props: { spaceId: string; directory: Directory; opened: boolean; onClose(): void }) {
  const { t } = useTranslation("directories");
  const { directory } = props;
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<DirectoryUploadPreview | null>(null);
  const [choice, setChoice] = useState<Choice | null>(null);
  const reset = () => {
    setFile(null);
    setPreview(null);
    setChoice(null);
  };
  const read = useMutation({
    mutationFn: (chosen: File) => directoriesApi.uploadPreview(directory, chosen),
    onSuccess: (answer) => {
      setPreview(answer);
      setChoice({ ...answer.mapping });
    },
  });
  const upload = useMutation({
    mutationFn: () => directoriesApi.upload(directory, file!, toMapping(choice!)),
    onSuccess: async (result) => {
      notifySuccess(t("upload.done", { created: result.created, updated: result.updated }), { long: true });
      await queryClient.invalidateQueries({ queryKey: directoryKeys.all(props.spaceId) });
      reset();
      props.onClose();
    },
  });
  const header = preview?.rows[0] ?? [];
  const options = header.map((text, index) => ({ value: String(index), label: text || `#${index + 1}` }));
  const pick = (label: string, value: number | null, onChange: (value: number | null) => void) => (
    <Table.Tr key={label}>
      <Table.Td>
        <Text size="sm">{label}</Text>
      </Table.Td>
      <Table.Td>
        <Select
          aria-label={label}
          size="xs"
          data={options}
          value={value === null ? null : String(value)}
          onChange={(v) => onChange(v === null ? null : Number(v))}
          placeholder={t("upload.notInFile")}
          clearable
          comboboxProps={{ withinPortal: true }}
        />
      </Table.Td>
    </Table.Tr>
  );

  return (
    <Modal
      opened={props.opened}
      onClose={() => {
        reset();
        props.onClose();
      }}
      title={t("upload.title", { name: directory.name })}
      size="xl"
      centered
    >
      <Stack>
        <FileInput
          label={t("upload.file")}
          description={t("upload.fileHint")}
          accept=".xlsx,.csv"
          value={file}
          leftSection={<IconUpload size={16} />}
          onChange={(chosen) => {
            setFile(chosen);
            setPreview(null);
            if (chosen) read.mutate(chosen);
          }}
        />
        {preview?.problem ? <Alert color="red">{preview.problem}</Alert> : null}
        {preview && !preview.problem ? (
          <>
            <Text size="sm">{t("upload.rows", { count: preview.rowCount })}</Text>
            <ScrollArea type="auto">
              <Table withTableBorder withColumnBorders fz="xs" aria-label={t("upload.preview")}>
                <Table.Tbody>
                  {preview.rows.map((row, r) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: preview rows are fixed for one file
                    <Table.Tr key={r} fw={r === 0 ? 700 : undefined}>
                      {row.map((cell, c) => (
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
            {choice ? (
              <Table withTableBorder verticalSpacing={4}>
                <Table.Tbody>
                  {pick(t("fields.code"), choice.code, (code) => setChoice({ ...choice, code }))}
                  {pick(t("fields.name"), choice.name, (name) => setChoice({ ...choice, name }))}
                  {pick(t("fields.parent"), choice.parent, (parent) => setChoice({ ...choice, parent }))}
                  {directory.columns.map((column) =>
                    pick(column.name, choice.columns[column.id] ?? null, (index) =>
                      setChoice({ ...choice, columns: { ...choice.columns, [column.id]: index } }),
                    ),
                  )}
                </Table.Tbody>
              </Table>
            ) : null}
          </>
        ) : null}
        <Group justify="flex-end">
          <Button
            leftSection={<IconUpload size={16} />}
            onClick={() => upload.mutate()}
            loading={upload.isPending || read.isPending}
            disabled={!file || !preview || Boolean(preview.problem) || choice?.code === null}
          >
            {t("upload.submit")}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function toMapping(choice: Choice): DirectoryMapping {
  const columns: Record<string, number> = {};
  for (const [id, index] of Object.entries(choice.columns)) if (index !== null) columns[id] = index;
  return {
    code: choice.code ?? 0,
    ...(choice.name === null ? {} : { name: choice.name }),
    ...(choice.parent === null ? {} : { parent: choice.parent }),
    columns,
  };
}

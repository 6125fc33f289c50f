import { Button, Image, Loader, Modal, Stack, Text, UnstyledButton } from "@mantine/core";
import type { ChatAttachment } from "@planum/contracts";
import { IconDownload, IconFile, IconFileSpreadsheet, IconFileText, IconFileZip, IconPhoto } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import type { TFunction } from "i18next";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { i18n } from "../../shared/i18n";
import { chatApi } from "./chat-api";

/** What the server serves inline (it sniffs images from their bytes: chat-media.ts on the server). */
const PREVIEWED = new Set(["image/png", "image/jpeg", "image/gif", "image/webp"]);

/** The box a thumbnail fits in: fixed, so a message keeps its height while its picture loads (virtualised list). */
const THUMB_W = 160;
const THUMB_H = 110;

/**
 * A message's files: images as thumbnails that open full size on a click, other files as chips with their type and
 * size that download on a click. Files need the session's token, so they are fetched as blobs (only for the rows the
 * virtualised list renders) and shown through object URLs released when the row leaves.
 */
export function ChatAttachments({
  chatId,
  attachments,
  onDownload,
  t,
}: {
  chatId: string;
  attachments: ChatAttachment[];
  onDownload: (attachmentId: string, name: string) => void;
  t: TFunction<"chat">;
}) {
  const [open, setOpen] = useState<ChatAttachment | null>(null);
  const images = attachments.filter((file) => PREVIEWED.has(file.mediaType));
  const others = attachments.filter((file) => !PREVIEWED.has(file.mediaType));
  return (
    <>
      {images.length > 0 ? (
        <div className="chat-files">
          {images.map((file) => (
            <Thumbnail key={file.id} chatId={chatId} file={file} onOpen={() => setOpen(file)} t={t} />
          ))}
        </div>
      ) : null}
      {others.length > 0 ? (
        <div className="chat-files">
          {others.map((file) => (
            <FileChip key={file.id} file={file} onClick={() => onDownload(file.id, file.name)} t={t} />
          ))}
        </div>
      ) : null}
      {open ? <FullImage chatId={chatId} file={open} onClose={() => setOpen(null)} onDownload={onDownload} /> : null}
    </>
  );
}

/** An object URL of a chat file, fetched once per file and released when no longer shown. */
function useFileUrl(chatId: string, file: ChatAttachment | null) {
  const blob = useQuery({
    queryKey: ["chat", "file", chatId, file?.id],
    queryFn: () => chatApi.file(chatId, file?.id ?? ""),
    enabled: file != null,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 60_000,
  });
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob.data) return;
    const made = URL.createObjectURL(blob.data);
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [blob.data]);
  return { url, failed: blob.isError };
}

function Thumbnail({
  chatId,
  file,
  onOpen,
  t,
}: {
  chatId: string;
  file: ChatAttachment;
  onOpen: () => void;
  t: TFunction<"chat">;
}) {
  const { url, failed } = useFileUrl(chatId, file);
  return (
    <UnstyledButton
      onClick={onOpen}
      aria-label={t("openImage", { name: file.name })}
      title={file.name}
      data-testid="chat-image"
      style={{
        width: THUMB_W,
        height: THUMB_H,
        borderRadius: 6,
        overflow: "hidden",
        border: "1px solid var(--mantine-color-default-border)",
        display: "flex",
        alignItems: "center",
        justifyContent: "center",
        background: "var(--mantine-color-default-hover)",
      }}
    >
      {url ? (
        <img src={url} alt={file.name} style={{ width: "100%", height: "100%", objectFit: "cover" }} />
      ) : failed ? (
        <IconPhoto size={28} aria-hidden />
      ) : (
        <Loader size="xs" />
      )}
    </UnstyledButton>
  );
}

function FullImage({
  chatId,
  file,
  onClose,
  onDownload,
}: {
  chatId: string;
  file: ChatAttachment | null;
  onClose: () => void;
  onDownload: (attachmentId: string, name: string) => void;
}) {
  const { t, i18n } = useTranslation("chat");
  const { url } = useFileUrl(chatId, file);
  return (
    <Modal
      opened={file != null}
      onClose={onClose}
      size="auto"
      centered
      title={
        <Text fw={600} style={{ overflowWrap: "anywhere" }}>
          {file?.name}
        </Text>
      }
    >
      <Stack gap="xs" align="center" data-testid="chat-image-full">
        {url ? (
          <Image src={url} alt={file?.name} fit="contain" maw="min(90vw, 1400px)" mah="75vh" w="auto" />
        ) : (
          <Loader />
        )}
        {file ? (
          <Button
            variant="light"
            size="xs"
            leftSection={<IconDownload size={14} />}
            onClick={() => onDownload(file.id, file.name)}
          >
            {t("download")} · {formatSize(file.size, t, i18n.language)}
          </Button>
        ) : null}
      </Stack>
    </Modal>
  );
}

/** A file as a chip: its icon, name, type and size; plain elements (rows are rendered while scrolling). */
function FileChip({ file, onClick, t }: { file: ChatAttachment; onClick: () => void; t: TFunction<"chat"> }) {
  const Icon = iconOf(file);
  return (
    <button type="button" className="chat-file" onClick={onClick} title={file.name} data-testid="chat-file">
      <Icon size={18} aria-hidden style={{ flexShrink: 0 }} />
      <span className="chat-file-text">
        <span className="chat-file-name">{file.name}</span>
        <span className="chat-dimmed" data-testid="chat-file-info">
          {typeLabel(file)} · {formatSize(file.size, t, i18n.language)}
        </span>
      </span>
    </button>
  );
}

/** The file's kind as people name it: its extension in capitals (PDF, XLSX, XER), else its media type. */
function typeLabel(file: ChatAttachment) {
  const dot = file.name.lastIndexOf(".");
  if (dot > 0 && dot < file.name.length - 1) return file.name.slice(dot + 1).toUpperCase();
  return file.mediaType.split(";")[0];
}

function iconOf(file: ChatAttachment) {
  const type = file.mediaType;
  if (type.includes("spreadsheet") || type.includes("excel") || type.startsWith("text/csv")) return IconFileSpreadsheet;
  if (type.includes("zip") || type.includes("rar") || type.includes("7z")) return IconFileZip;
  if (type.startsWith("text/") || type.includes("pdf") || type.includes("word") || type.includes("opendocument.text"))
    return IconFileText;
  return IconFile;
}

/** Bytes in the reader's units and number format (1,5 МБ in ru, 1.5 MB in en). */
function formatSize(bytes: number, t: TFunction<"chat">, language: string) {
  const units = ["bytes", "kb", "mb", "gb"] as const;
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 || value >= 10 ? 0 : 1;
  const number = new Intl.NumberFormat(language, { maximumFractionDigits: digits }).format(value);
  return t(`size.${units[unit]}`, { value: number });
}

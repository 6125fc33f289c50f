/** Saves a blob as a file through a link (the one way downloads leave the app). */
export function downloadBlob(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // the click has started the download; the object URL is no longer needed after this turn
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

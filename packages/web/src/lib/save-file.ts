/** Hands `blob` to the browser as a download named `fileName` (an object URL on a clicked link). */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoke later: the download reads the object URL after this tick.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** A text file as a download; UTF-8 with a byte-order mark, so spreadsheets read accents right. */
export function saveTextFile(text: string, fileName: string, type = 'text/csv'): void {
  saveFile(new Blob(['\uFEFF', text], { type: `${type};charset=utf-8` }), fileName);
}

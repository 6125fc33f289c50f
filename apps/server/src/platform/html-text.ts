/** Text made safe to place in HTML that Chromium renders (prints, report PDFs): markup characters as entities. */
export const htmlText = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c);

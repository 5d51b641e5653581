/** Puts text on the clipboard; resolves to what to tell the person. */
export async function copyText(text: string, what: string): Promise<string> {
  try {
    await navigator.clipboard.writeText(text);
    return `Copied ${what}.`;
  } catch {
    return `Could not copy ${what}: the clipboard refused it. Select the text and copy it by hand.`;
  }
}

/** Saves text as a file through the browser's download. */
export function downloadText(text: string, fileName: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

type Child = Node | string | null | undefined | false;

/**
 * Creates an element with attributes and children. Text is always added as text nodes, never parsed as
 * HTML, so what the server or a page sent cannot inject markup. `true` sets a boolean attribute, `false`
 * and `undefined` leave it out.
 */
export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Record<string, string | number | boolean | undefined> = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === undefined || value === false) continue;
    node.setAttribute(name, value === true ? '' : String(value));
  }
  for (const child of children) if (child !== null && child !== undefined && child !== false) node.append(child);
  return node;
}

/** Copies text to the clipboard; false when the browser refused. */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/** Only web links become `href`s; anything else is shown as text. */
export function webHref(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    const u = new URL(url);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.href : undefined;
  } catch {
    return undefined;
  }
}

/** A button that copies `text`, saying so on itself for a moment (and to screen readers). */
export function copyButton(label: string, text: () => string, describedBy?: string): HTMLButtonElement {
  const button = el('button', { type: 'button', class: 'secondary', 'aria-describedby': describedBy }, label);
  button.addEventListener('click', async () => {
    const ok = await copyText(text());
    button.textContent = ok ? 'Copiado' : 'No se pudo copiar';
    setTimeout(() => (button.textContent = label), 1500);
  });
  return button;
}

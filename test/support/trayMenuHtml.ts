import type { TrayItem } from '../../src/main/tray/trayMenu.ts';

const escape = (text: string) =>
  text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

function menu(items: readonly TrayItem[], open: ReadonlySet<string>): string {
  const rows = items.map((item) => {
    if (item.type === 'separator') return '<li class="sep" role="separator"></li>';
    if (item.type === 'submenu') {
      const shown = open.has(item.label);
      return (
        `<li class="item${shown ? ' open' : ''}" role="menuitem" aria-haspopup="menu">` +
        `<span>${escape(item.label)}</span><span class="arrow">▸</span>` +
        (shown ? menu(item.items, open) : '') +
        '</li>'
      );
    }
    return `<li class="item${item.enabled ? '' : ' disabled'}" role="menuitem">${escape(item.label)}</li>`;
  });
  return `<ul class="menu" role="menu">${rows.join('')}</ul>`;
}

/**
 * The tray menu's template (src/main/tray/trayMenu.ts) drawn as a desktop
 * menu under a panel holding the tray icon, for a screenshot: the OS menu
 * itself cannot be captured in a test. `open` names the submenus shown open.
 */
export function trayMenuHtml(
  items: readonly TrayItem[],
  options: { scheme: 'light' | 'dark'; iconDataUrl: string; open: ReadonlySet<string> },
): string {
  const dark = options.scheme === 'dark';
  return `<!doctype html><html><head><meta charset="utf-8"><style>
  body { margin: 0; font: 14px system-ui, sans-serif; background: ${dark ? '#1e1f24' : '#dfe3ea'}; }
  .panel { height: 28px; display: flex; justify-content: flex-end; align-items: center; gap: 14px;
    padding: 0 16px; background: ${dark ? '#111214' : '#f5f6f8'}; color: ${dark ? '#eee' : '#222'}; }
  .panel img { width: 16px; height: 16px; padding: 4px; border-radius: 4px;
    background: ${dark ? '#33363d' : '#d6dae2'}; }
  .menu { list-style: none; margin: 0; padding: 4px 0; min-width: 220px; position: relative;
    background: ${dark ? '#2b2d33' : '#ffffff'}; color: ${dark ? '#ececec' : '#1d1d1f'};
    border: 1px solid ${dark ? '#45474f' : '#c9ccd3'}; border-radius: 8px;
    box-shadow: 0 8px 24px rgba(0,0,0,${dark ? 0.5 : 0.18}); }
  body > .wrap > .menu { position: absolute; right: 40px; top: 32px; }
  .item { position: relative; padding: 5px 28px 5px 14px; white-space: nowrap; display: flex; gap: 24px;
    justify-content: space-between; }
  .item.open { background: ${dark ? '#3d5fb8' : '#2f62d9'}; color: #fff; }
  .item.disabled { color: ${dark ? '#7d8089' : '#9a9ca3'}; }
  .item > .menu { position: absolute; right: calc(100% + 6px); top: -5px; color: ${dark ? '#ececec' : '#1d1d1f'}; }
  .arrow { opacity: 0.7; }
  .sep { height: 1px; margin: 4px 8px; background: ${dark ? '#45474f' : '#dcdee3'}; }
  </style></head><body><div class="panel"><span>Wed 11:20</span>
  <img alt="Robot Tray" src="${options.iconDataUrl}"></div>
  <div class="wrap">${menu(items, options.open)}</div></body></html>`;
}

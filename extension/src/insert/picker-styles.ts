/** The picker's stylesheet, scoped by its shadow root (page styles do not reach in, ours do not leak out). */
export const PICKER_CSS = `
:host { all: initial; }
.panel {
  box-sizing: border-box; width: 100%; max-height: 420px; display: flex; flex-direction: column;
  font: 14px/1.4 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #1d1d1f;
  background: #fff; border: 1px solid #c9c9cf; border-radius: 10px; box-shadow: 0 8px 28px rgba(0,0,0,.18);
  overflow: hidden;
}
.head { display: flex; flex-wrap: wrap; align-items: baseline; gap: 4px 8px; padding: 8px 12px 4px; }
.title { white-space: nowrap; }
.brand { font-weight: 700; color: #7a3e00; }
.title { color: #555; }
.offline { margin-left: auto; font-size: 12px; color: #8a5a00; background: #fff4d6; border-radius: 6px; padding: 1px 6px; }
.q, .style {
  box-sizing: border-box; margin: 4px 12px 8px; padding: 6px 8px; font: inherit; color: inherit;
  border: 1px solid #b8b8c0; border-radius: 6px; background: #fff;
}
.q { width: calc(100% - 24px); }
.q:focus, .style:focus, button:focus-visible { outline: 2px solid #2f6fde; outline-offset: 0; }
.results { list-style: none; margin: 0; padding: 0 4px 4px; overflow-y: auto; flex: 1 1 auto; min-height: 0; }
.item { padding: 6px 8px; border-radius: 6px; cursor: pointer; }
.item[aria-selected="true"] { background: #e8f0fe; }
.cita { font-weight: 600; }
.loc { color: #555; font-size: 12px; margin-left: 6px; }
.doc { color: #444; font-size: 12px; }
.texto { color: #333; font-size: 13px; margin: 2px 0; }
.enlace { font-size: 12px; color: #2f6fde; }
.empty, .bib-count { margin: 4px 12px 8px; color: #555; }
/* The view in use takes what the head, notice and foot leave, and only its list scrolls: they stay in sight. */
.cite, .bib { display: flex; flex-direction: column; flex: 1 1 auto; min-height: 0; }
.head, .notice, .foot { flex: none; }
.bib label { margin: 4px 12px 0; color: #444; }
.notice { margin: 0 12px 8px; padding: 6px 8px; border-radius: 6px; font-size: 13px; }
.notice[data-kind="error"] { background: #fde8e8; color: #8a1c1c; }
.notice[data-kind="info"] { background: #e6f4ea; color: #1e5631; }
.foot { display: flex; align-items: center; gap: 8px; padding: 6px 12px; border-top: 1px solid #e3e3e8; color: #666; font-size: 12px; }
.foot button, .bib-insert {
  font: inherit; color: #2f6fde; background: none; border: 1px solid #c9d7f5; border-radius: 6px; padding: 2px 8px; cursor: pointer;
}
.bib-insert { margin: 0 12px 8px; align-self: flex-start; font-size: 14px; }
.foot button { margin-left: auto; }
[hidden] { display: none !important; }
@media (prefers-color-scheme: dark) {
  .panel { background: #202124; color: #e8eaed; border-color: #5f6368; }
  .title, .loc, .doc, .empty, .bib-count, .bib label, .foot { color: #bdc1c6; }
  .texto { color: #dadce0; }
  .item[aria-selected="true"] { background: #33415c; }
  .q, .style { background: #2a2b2e; border-color: #5f6368; }
  .foot { border-top-color: #3c4043; }
}
`;

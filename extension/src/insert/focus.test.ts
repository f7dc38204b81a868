// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { focusedElement, ownsFocus, rectInDocument } from './focus';
import { isPickerShortcut, listenInFocusedFrames } from './shortcut';

afterEach(() => {
  delete (document as { activeElement?: unknown }).activeElement;
  document.body.replaceChildren();
});

/** Makes `frame` the focused element of the top document (as when the focus is inside it). */
function focusFrame(frame: HTMLIFrameElement) {
  Object.defineProperty(document, 'activeElement', { configurable: true, get: () => frame });
}

describe('focusedElement', () => {
  it('is the focused element of this document', () => {
    const field = document.createElement('textarea');
    document.body.append(field);
    field.focus();
    expect(focusedElement(document)).toEqual({ element: field, owned: true });
    expect(ownsFocus(document)).toBe(true);
  });

  it('goes into about:blank frames, which have no content script of their own', () => {
    const frame = document.createElement('iframe');
    document.body.append(frame);
    const inner = frame.contentDocument!;
    inner.body.innerHTML = '<div contenteditable="true">x</div>';
    const editable = inner.querySelector('div')!;
    editable.focus();
    expect(focusedElement(document)).toEqual({ element: editable, owned: true });
  });

  it('leaves frames with a web address to their own content script', () => {
    const frame = document.createElement('iframe');
    document.body.append(frame);
    Object.defineProperty(frame, 'contentDocument', { get: () => ({ URL: 'https://other.example/editor' }) });
    focusFrame(frame);
    expect(focusedElement(document)).toEqual({ element: frame, owned: false });
    expect(ownsFocus(document)).toBe(false);
  });

  it('goes into open shadow roots', () => {
    const host = document.createElement('div');
    document.body.append(host);
    const shadow = host.attachShadow({ mode: 'open' });
    const field = document.createElement('input');
    shadow.append(field);
    field.focus();
    expect(focusedElement(document).element).toBe(field);
  });
});

describe('rectInDocument', () => {
  it('adds the offsets of the frames in between', () => {
    const frame = document.createElement('iframe');
    document.body.append(frame);
    frame.getBoundingClientRect = () => ({ left: 50, top: 200, width: 300, height: 100 }) as DOMRect;
    const inner = frame.contentDocument!;
    expect(rectInDocument({ left: 10, top: 20, width: 2, height: 16 }, inner, document)).toEqual({
      left: 60,
      top: 220,
      width: 2,
      height: 16,
    });
  });
});

describe('isPickerShortcut', () => {
  const key = (init: KeyboardEventInit) => new KeyboardEvent('keydown', { code: 'KeyC', shiftKey: true, ...init });
  it('is Alt+Shift+C, Ctrl+Shift+C on macOS, by physical key', () => {
    expect(isPickerShortcut(key({ altKey: true, key: 'C' }), false)).toBe(true);
    expect(isPickerShortcut(key({ altKey: true, key: 'Ç' }), false)).toBe(true);
    expect(isPickerShortcut(key({ ctrlKey: true }), false)).toBe(false); // DevTools' inspect on Windows/Linux
    expect(isPickerShortcut(key({ ctrlKey: true }), true)).toBe(true);
    expect(isPickerShortcut(key({ altKey: true }), true)).toBe(false); // Option+Shift+C types Ç on macOS
    expect(isPickerShortcut(key({ altKey: true, shiftKey: false }), false)).toBe(false);
    expect(isPickerShortcut(key({ altKey: true, repeat: true }), false)).toBe(false);
  });
});

describe('listenInFocusedFrames', () => {
  it('hears keys typed in the focused script-less frame (Docs text-event iframe), once per frame document', () => {
    const outside = document.createElement('textarea');
    const frame = document.createElement('iframe');
    document.body.append(outside, frame);
    const inner = frame.contentDocument!;
    inner.body.innerHTML = '<div contenteditable="true">x</div>';
    const target = inner.querySelector('div')!;
    outside.focus();
    const heard: string[] = [];
    const stop = new inner.defaultView!.AbortController(); // jsdom checks the signal's window; browsers do not
    const follow = listenInFocusedFrames(document, 'keydown', (e) => heard.push(e.code), stop.signal);
    const press = () => target.dispatchEvent(new KeyboardEvent('keydown', { code: 'KeyC', bubbles: true }));
    press();
    expect(heard).toEqual([]); // the focus was not in the frame yet
    target.focus();
    follow(); // on the window's blur
    follow();
    press();
    expect(heard).toEqual(['KeyC']);
    stop.abort();
    press();
    expect(heard).toEqual(['KeyC']);
  });
});

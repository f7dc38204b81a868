import { describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';

describe('scaffold', () => {
  it('has a fake browser', async () => {
    await fakeBrowser.storage.local.set({ a: 1 });
    expect(await fakeBrowser.storage.local.get('a')).toEqual({ a: 1 });
  });
});

import { blobOfDataUrl, keepPicture, pictureOf } from './picture-store';

describe('picture store', () => {
  beforeEach(() => sessionStorage.clear());

  it('keeps a picture by id, in memory and in the session', async () => {
    const picture = new Blob([new Uint8Array([0xff, 0xd8, 0xff, 1, 2, 3])], { type: 'image/jpeg' });
    const id = await keepPicture(picture);
    expect(id).toMatch(/^[0-9a-f]{18}$/);
    expect(pictureOf(id)).toBe(picture);
    const stored = sessionStorage.getItem(`desen.picture.${id}`);
    expect(stored).toMatch(/^data:image\/jpeg;base64,/);
    const again = blobOfDataUrl(stored ?? '');
    expect(again?.type).toBe('image/jpeg');
    expect(new Uint8Array(await (again as Blob).arrayBuffer())).toEqual(new Uint8Array([0xff, 0xd8, 0xff, 1, 2, 3]));
  });

  it('keeps only the latest few in the session and knows no stranger', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 6; i += 1) ids.push(await keepPicture(new Blob([String(i)], { type: 'image/png' })));
    const stored = ids.filter((id) => sessionStorage.getItem(`desen.picture.${id}`) !== null);
    expect(stored.length).toBeLessThanOrEqual(4);
    expect(stored).toContain(ids[5]);
    expect(pictureOf('no-such-picture')).toBeNull();
  });
});

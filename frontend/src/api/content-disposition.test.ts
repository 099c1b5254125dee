import { fileNameOf } from './content-disposition';

describe('fileNameOf', () => {
  it('reads the quoted, bare and extended file names', () => {
    expect(fileNameOf('attachment; filename="01-0559_VR-1.tif"')).toBe('01-0559_VR-1.tif');
    expect(fileNameOf('attachment; filename=01-0559_VR-1.psd')).toBe('01-0559_VR-1.psd');
    expect(fileNameOf('attachment; filename="a \\"b\\".zip"')).toBe('a "b".zip');
    expect(fileNameOf("attachment; filename=\"fallback.zip\"; filename*=UTF-8''%C3%87i%C3%A7ek_VR-1.tif")).toBe('Çiçek_VR-1.tif');
  });

  it('reads a UTF-8 name sent raw, as fetch hands it over (a byte a character)', () => {
    const raw = String.fromCharCode(...new TextEncoder().encode('Şal_VR-1.tif'));
    expect(fileNameOf(`attachment; filename="${raw}"`)).toBe('Şal_VR-1.tif');
    // Latin-1 that is not UTF-8 stays as it came.
    expect(fileNameOf('attachment; filename="caf\u00e9.tif"')).toBe('caf\u00e9.tif');
  });

  it('keeps no folder, and answers null without a name', () => {
    expect(fileNameOf('attachment; filename="../../etc/x.zip"')).toBe('x.zip');
    expect(fileNameOf('attachment; filename=".."')).toBeNull();
    expect(fileNameOf('attachment')).toBeNull();
    expect(fileNameOf(null)).toBeNull();
  });
});

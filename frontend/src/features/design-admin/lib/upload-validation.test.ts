import { tiff } from '../testing/fixtures';
import { acceptedFiles, checkFiles, checkUpload, extensionOf, type ChosenFile } from './upload-validation';

function chosen(...names: string[]): ChosenFile[] {
  return names.map((name, key) => ({ key, file: tiff(name) }));
}

describe('upload validation (spec section 5)', () => {
  it('accepts TIF, TIFF, PSD and PSB in any case and refuses other extensions', () => {
    const checked = checkFiles(chosen('a.tif', 'b.TIFF', 'c.psd', 'd.Psb', 'e.png', 'f', 'g.tif.zip'), []);
    expect(checked.map((entry) => [entry.file.name, entry.refusal])).toEqual([
      ['a.tif', null],
      ['b.TIFF', null],
      ['c.psd', null],
      ['d.Psb', null],
      ['e.png', 'unsupported_file_type'],
      ['f', 'unsupported_file_type'],
      ['g.tif.zip', 'unsupported_file_type'],
    ]);
    expect(extensionOf('archive.v2.PSB')).toBe('psb');
  });

  it('refuses the same file twice: in the choice, and when the job has it already', () => {
    const checked = checkFiles(chosen('rose_VR1.tif', 'ROSE_vr1.tif', 'paisley.psb', 'rose_VR2.tif'), ['paisley.psb']);
    expect(checked.map((entry) => entry.refusal)).toEqual([null, 'duplicate_file', 'duplicate_file', null]);
    expect(acceptedFiles(checked).map((file) => file.name)).toEqual(['rose_VR1.tif', 'rose_VR2.tif']);
    // Without the first one, the second is no duplicate any more.
    expect(checkFiles(chosen('rose_VR1.tif', 'ROSE_vr1.tif').slice(1), []).map((entry) => entry.refusal)).toEqual([null]);
  });

  it('needs an archive and at least one file it will send', () => {
    const good = checkFiles(chosen('a.tif'), []);
    const bad = checkFiles(chosen('a.png'), []);
    expect(checkUpload(null, good)).toBe('archive_required');
    expect(checkUpload(1, [])).toBe('no_files');
    expect(checkUpload(1, bad)).toBe('no_files');
    expect(checkUpload(1, good)).toBeNull();
  });
});

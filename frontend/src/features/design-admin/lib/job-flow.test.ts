import { importFile, importJob, processedFiles } from '../testing/fixtures';
import { addedDesignsOf, groupsForRequest, isMerged, moveFile, proposedGroups, sameGroups, stepOf } from './job-flow';

describe('import job flow', () => {
  it('puts a job on the step of its state', () => {
    expect(stepOf(undefined, null)).toBe('upload');
    expect(stepOf(importJob({ state: 'uploading', files: [importFile()] }), null)).toBe('upload');
    expect(stepOf(importJob({ state: 'processing' }), null)).toBe('process');
    // A retried file is processed again although the job says processed.
    expect(stepOf(importJob({ state: 'processed', files: [importFile({ state: 'queued' })] }), null)).toBe('process');
    const processed = importJob({ state: 'processed', files: processedFiles() });
    expect(stepOf(processed, null)).toBe('merge');
    const numbered = importJob({
      state: 'processed',
      files: processedFiles().map((file) => ({ ...file, designNumber: '01-0001', colorwayName: 'VR-1' })),
    });
    expect(stepOf(numbered, null)).toBe('add');
    expect(stepOf(numbered, 'merge')).toBe('merge');
    expect(stepOf(importJob({ state: 'added' }), null)).toBe('add');
    expect(stepOf(importJob({ state: 'completed' }), null)).toBe('done');
  });

  it('groups files by the merge, else by the name rule, and moves or splits them', () => {
    const job = importJob({ state: 'processed', files: [...processedFiles(), importFile({ fileId: '4', name: 'broken.tif', state: 'failed' })] });
    // Before a merge every file is its own group: the proposal is shown.
    const groups = proposedGroups(job);
    expect(groups).toEqual([['1', '2'], ['3']]);
    expect(isMerged(job)).toBe(false);
    // After it, the server's groups (keyed by their first file).
    const merged = importJob({ state: 'processed', files: processedFiles().map((file) => ({ ...file, group: file.fileId === '3' ? '3' : '1', suggestedGroup: file.fileId })) });
    expect(proposedGroups(merged)).toEqual([['1', '2'], ['3']]);
    expect(isMerged(merged)).toBe(true);
    // A merge that leaves every file alone is only known to the screen that did it.
    const alone = importJob({ state: 'processed', files: processedFiles() });
    expect(proposedGroups(alone, true)).toEqual([['1'], ['2'], ['3']]);
    expect(isMerged(alone, true)).toBe(true);
    expect(moveFile(groups, '2', null)).toEqual([['1'], ['3'], ['2']]);
    expect(moveFile(groups, '3', 0)).toEqual([['1', '2', '3']]);
    expect(sameGroups([['2', '1'], ['3']], [['3'], ['1', '2']])).toBe(true);
    // Ids go back as the server sent them.
    expect(groupsForRequest(importJob({ files: [importFile({ fileId: 1 }), importFile({ fileId: 2 })] }), [['1', '2']])).toEqual([[1, 2]]);
  });

  it('reads the added designs from the files', () => {
    const files = processedFiles().map((file, index) => ({
      ...file,
      state: 'added' as const,
      designGuid: index < 2 ? 'd-1' : 'd-2',
      designNumber: index < 2 ? '01-0559' : '01-0560',
      colorwayName: index < 2 ? `VR-${index + 1}` : 'VR-1',
    }));
    expect(addedDesignsOf(importJob({ state: 'added', files }))).toEqual([
      { designGuid: 'd-1', designName: '01-0559', colorways: ['VR-1', 'VR-2'] },
      { designGuid: 'd-2', designName: '01-0560', colorways: ['VR-1'] },
    ]);
  });
});

import { act, renderHook } from '@testing-library/react';
import { SCROLL_IDLE_MS, useScrolling } from './use-scrolling';

describe('useScrolling', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('is true while the window scrolls and a moment after, then false', () => {
    const { result } = renderHook(() => useScrolling());
    expect(result.current).toBe(false);
    act(() => void window.dispatchEvent(new Event('scroll')));
    expect(result.current).toBe(true);
    act(() => jest.advanceTimersByTime(SCROLL_IDLE_MS - 100));
    act(() => void window.dispatchEvent(new Event('scroll')));
    act(() => jest.advanceTimersByTime(SCROLL_IDLE_MS - 100));
    expect(result.current).toBe(true);
    act(() => jest.advanceTimersByTime(200));
    expect(result.current).toBe(false);
  });
});

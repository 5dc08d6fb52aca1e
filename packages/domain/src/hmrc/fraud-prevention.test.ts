import { describe, expect, it } from 'vitest';
import { formatScreens, formatWindowSize, readBrowserFraudInfo } from './fraud-prevention';

/** HMRC: window and screen widths and heights are positive whole numbers (docs/hmrc-fraud-prevention.md). */
describe('window and screen sizes', () => {
  it('are written as whole numbers, and not at all for a window or screen of no size', () => {
    expect(formatWindowSize(1256.4, 803.6)).toBe('width=1256&height=804');
    expect(formatWindowSize(0, 0)).toBe('');
    expect(formatWindowSize(1024, 0.3)).toBe('');
    expect(
      formatScreens([
        { width: 0, height: 0, scalingFactor: 1, colourDepth: 24 },
        { width: 1920, height: 1080, scalingFactor: 1.25, colourDepth: 24 },
      ]),
    ).toBe('width=1920&height=1080&scaling-factor=1.25&colour-depth=24');
  });

  it('are dropped by the server when the browser sends zero', () => {
    const info = readBrowserFraudInfo({
      'gov-client-window-size': 'width=0&height=0',
      'gov-client-screens': 'width=1920&height=0&scaling-factor=1&colour-depth=24',
    });
    expect(info).not.toHaveProperty('windowSize');
    expect(info).not.toHaveProperty('screens');
    expect(readBrowserFraudInfo({ 'gov-client-window-size': 'width=375&height=812' }).windowSize).toBe(
      'width=375&height=812',
    );
  });
});

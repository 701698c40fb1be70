import { ratio } from '../src/components/ratio';

describe("ratio: a bar's fill, 0..1 in thousandths", () => {
  test.each([
    [0, 100, 0],
    [50, 100, 0.5],
    [1, 3, 0.333],
    [2, 3, 0.667],
    [100, 100, 1],
    // A tiny share of a 10 GB quota is 0, never '4.9e-8' in aria-valuenow.
    [523, 10 * 1024 ** 3, 0],
    // No quota (or a broken one) is an empty bar, not NaN or Infinity.
    [5, 0, 0],
    [5, -1, 0],
  ])('ratio(%d, %d) = %d', (value, max, expected) => {
    expect(ratio(value, max)).toBe(expected);
  });
});

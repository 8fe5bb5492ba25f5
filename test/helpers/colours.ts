/** Colours as a test reads them from computed styles, and WCAG 2's contrast ratio between two of them. */

/** `[red, green, blue, alpha]` (0–255, and 0–1) of a computed sRGB colour: `rgb()`, `rgba()` or `color(srgb …)`. */
export function channels(color: string): number[] {
  const legacy = /^rgba?\(([^)]*)\)$/.exec(color);
  const modern = /^color\(srgb ([^)]*)\)$/.exec(color);
  if (!legacy && !modern) throw new Error(`not an sRGB colour: ${color}`);
  const values = (legacy ?? modern)![1]!
    .split(/[\s,/]+/)
    .filter(Boolean)
    .map(Number);
  const [red, green, blue, alpha = 1] = values;
  return modern ? [...[red!, green!, blue!].map((channel) => Math.round(channel * 255)), alpha] : [red!, green!, blue!, alpha];
}

export function luminance(color: string): number {
  const [r, g, b] = channels(color).map((channel) => {
    const c = channel / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

export function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}

/**
 * The contrast of every text a customer sees in the widget, as WCAG 2 measures it (1.4.3, AA): 4.5:1, or 3:1 for large
 * text (24px, or 18.66px bold). Runs in the page: `textsBelowContrast` is sent into it whole, so it uses nothing from
 * outside itself.
 *
 * A text's colour is its computed colour with its alpha and every ancestor's opacity, over its background. The
 * background is every background from the page's canvas to the text's element, each laid over the one below, with the
 * opacity of its own element. The page's canvas is taken to be white: a dark page paints its own background. Text of an inactive control (disabled, or `aria-disabled="true"` while a change is
 * sent) is exempt, as WCAG exempts it; so is text that is not drawn (the status region and the sentences only a screen
 * reader hears are clipped to nothing).
 */

/** A text below the contrast it needs. */
export interface LowContrast {
  text: string;
  ratio: number;
  needed: number;
  color: string;
  background: string;
}

/** The texts of the first widget of the page below AA, with their ratios. The argument is unused. */
export function textsBelowContrast(): LowContrast[] {
  type Rgba = [number, number, number, number];
  const probe = document.createElement('canvas').getContext('2d', { willReadFrequently: true })!;
  // Methods of an object, not functions of their own: the function is sent into the page as its text, and the test
  // runner's transform names functions of their own with a helper that the page does not have.
  const colors = {
    /** Any CSS colour as 8-bit sRGB and alpha, drawn by the engine itself onto one pixel. */
    rgba(color: string): Rgba {
      probe.clearRect(0, 0, 1, 1);
      probe.fillStyle = '#000';
      probe.fillStyle = color;
      probe.fillRect(0, 0, 1, 1);
      const [r, g, b, a] = probe.getImageData(0, 0, 1, 1).data;
      return [r!, g!, b!, a! / 255];
    },
    over([r, g, b, a]: Rgba, [R, G, B]: Rgba): Rgba {
      return [r * a + R * (1 - a), g * a + G * (1 - a), b * a + B * (1 - a), 1];
    },
    linear(channel: number): number {
      const c = channel / 255;
      return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    },
    luminance([r, g, b]: Rgba): number {
      return 0.2126 * colors.linear(r) + 0.7152 * colors.linear(g) + 0.0722 * colors.linear(b);
    },
    ratio(a: Rgba, b: Rgba): number {
      const [light, dark] = [colors.luminance(a), colors.luminance(b)].sort((x, y) => y - x);
      return (light! + 0.05) / (dark! + 0.05);
    },
    /** The element's ancestors and itself, outermost first, through shadow roots and slots. */
    chain(element: Element): Element[] {
      const elements: Element[] = [];
      for (let at: Element | null = element; at;) {
        elements.unshift(at);
        at = at.assignedSlot ?? at.parentElement ?? (at.parentNode as ShadowRoot | null)?.host ?? null;
      }
      return elements;
    },
    css(color: Rgba): string {
      return `rgb(${color
        .slice(0, 3)
        .map((channel) => Math.round(channel))
        .join(' ')})`;
    },
  };
  const canvas = colors.rgba('#fff');
  const widget = document.querySelector('prepaid-upgrade')!;
  const walker = document.createTreeWalker(widget.shadowRoot!, NodeFilter.SHOW_TEXT);
  const found: LowContrast[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent!.replace(/\s+/g, ' ').trim();
    const element = node.parentElement;
    if (!text || !element) continue;
    const box = element.getBoundingClientRect();
    if (box.width <= 1 || box.height <= 1 || !element.checkVisibility({ visibilityProperty: true })) continue;
    if (element.closest(':disabled, [aria-disabled="true"]')) continue;
    let background = canvas;
    let opacity = 1;
    for (const ancestor of colors.chain(element)) {
      const style = getComputedStyle(ancestor);
      opacity *= Number(style.opacity);
      const [r, g, b, a] = colors.rgba(style.backgroundColor);
      background = colors.over([r, g, b, a * opacity], background);
    }
    const style = getComputedStyle(element);
    const [r, g, b, a] = colors.rgba(style.color);
    const color = colors.over([r, g, b, a * opacity], background);
    const size = parseFloat(style.fontSize);
    const needed = size >= 24 || (size >= 18.66 && Number(style.fontWeight) >= 700) ? 3 : 4.5;
    const measured = colors.ratio(color, background);
    if (measured < needed) {
      found.push({ text, ratio: Math.round(measured * 100) / 100, needed, color: colors.css(color), background: colors.css(background) });
    }
  }
  return found;
}

// Clipboard and file downloads for the share bar. The diagram's SVG comes from the page (Mermaid's
// own rendering, strict security level); the PNG is that SVG drawn on a canvas at 2×.

/** Puts text on the clipboard; false when the browser refuses (the caller shows it to copy by hand). */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** The drawn diagram as a standalone SVG document, or null while none is drawn. */
export function diagramSvg(
  root: ParentNode = document,
): { text: string; width: number; height: number } | null {
  const svg = root.querySelector<SVGSVGElement>('[data-testid=diagram] svg');
  return svg ? standaloneSvg(svg) : null;
}

/** An SVG element in the page as a standalone SVG document, without the step's marks. */
export function standaloneSvg(svg: SVGSVGElement): { text: string; width: number; height: number } {
  const copy = svg.cloneNode(true) as SVGSVGElement;
  copy.setAttribute('xmlns', 'http://www.w3.org/2000/svg');
  copy
    .querySelectorAll('.dl-current, .dl-future')
    .forEach((el) => el.classList.remove('dl-current', 'dl-future'));
  const box = svg.viewBox?.baseVal;
  const width = Math.ceil(
    box && box.width > 0 ? box.width : svg.getBoundingClientRect().width || 800,
  );
  const height = Math.ceil(
    box && box.height > 0 ? box.height : svg.getBoundingClientRect().height || 600,
  );
  copy.setAttribute('width', String(width));
  copy.setAttribute('height', String(height));
  return { text: new XMLSerializer().serializeToString(copy), width, height };
}

/** The SVG rasterised at `scale`× on a white (or the page's) background. */
export async function svgToPng(
  svg: { text: string; width: number; height: number },
  scale = 2,
  background = '#ffffff',
): Promise<Blob> {
  const url = URL.createObjectURL(new Blob([svg.text], { type: 'image/svg+xml' }));
  try {
    const img = new Image();
    img.decoding = 'sync';
    await new Promise<void>((resolve, reject) => {
      img.onload = () => resolve();
      img.onerror = () => reject(new Error('the SVG could not be loaded as an image'));
      img.src = url;
    });
    const canvas = document.createElement('canvas');
    canvas.width = Math.max(1, Math.round(svg.width * scale));
    canvas.height = Math.max(1, Math.round(svg.height * scale));
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new Error('no 2D canvas');
    ctx.fillStyle = background;
    ctx.fillRect(0, 0, canvas.width, canvas.height);
    ctx.drawImage(img, 0, 0, canvas.width, canvas.height);
    return await new Promise<Blob>((resolve, reject) =>
      canvas.toBlob(
        (b) => (b ? resolve(b) : reject(new Error('the PNG could not be made'))),
        'image/png',
      ),
    );
  } finally {
    URL.revokeObjectURL(url);
  }
}

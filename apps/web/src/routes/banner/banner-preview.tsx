import {
  type BannerDesign,
  type BannerElement,
  type BannerPicture,
  bannerLayout,
  type IabSizeKey,
  iabSize,
} from '@app/contracts';
import { type CSSProperties, createElement, type ReactNode, useEffect } from 'react';
import { loadBrandFont } from '../../app/branding/fonts/font-files';

/**
 * One element of the shared layout as React draws it: the same tags and the same CSS the server
 * hands satori for the PNG (`@app/contracts` bannerLayout), so the preview is the exported file.
 * The picture is an object URL of the bytes (chosen here, or fetched with the session's token);
 * until there is one, its box is a plain grey.
 */
function drawElement(element: BannerElement, pictureUrl: string | null, key?: number): ReactNode {
  const style = element.style as CSSProperties;
  if (element.tag === 'img')
    return pictureUrl ? (
      <img key={key} src={pictureUrl} alt="" style={style} draggable={false} />
    ) : (
      <div key={key} style={{ ...style, backgroundColor: '#d0d4db' }} />
    );
  return createElement(
    'div',
    { key, style, 'data-role': element.role },
    element.text ?? (element.children ?? []).map((child, i) => drawElement(child, pictureUrl, i)),
  );
}

/** A design drawn in one IAB size at `scale` (1: the real pixels). */
export function BannerPreview({
  design,
  size,
  picture,
  pictureUrl,
  scale = 1,
}: {
  design: BannerDesign;
  size: IabSizeKey;
  picture: BannerPicture | null;
  pictureUrl: string | null;
  scale?: number;
}) {
  const { width, height, name } = iabSize(size);
  // The banner's own font, registered from the files the app ships (nothing if it is the theme's).
  useEffect(() => {
    void loadBrandFont(design.font);
  }, [design.font]);
  const tree = bannerLayout(design, size, picture);
  return (
    <div
      role="img"
      aria-label={`${name} (${width}×${height}) preview: ${design.headline}, ${design.cta}`}
      data-testid={`banner-preview-${size}`}
      style={{ width: width * scale, height: height * scale, overflow: 'hidden', flex: 'none' }}
    >
      <div style={{ transform: `scale(${scale})`, transformOrigin: 'top left', width, height }} aria-hidden>
        {drawElement(tree, pictureUrl)}
      </div>
    </div>
  );
}

import 'react-easy-crop/react-easy-crop.css';
import '../../i18n/parts/settings.ts';
import { useId, useState } from 'react';
import Cropper, { type Area } from 'react-easy-crop';
import { t } from '../../i18n/index.ts';
import { cropOutputType, croppedFileName, planCrop } from '../../lib/cropOutput.ts';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import styles from './ImageCropDialog.module.css';
import { CROP_SHAPES, type CroppedImage, type CroppedKind } from './imageShapes.ts';

const MIN_ZOOM = 1;
const MAX_ZOOM = 4;
const ZOOM_STEP = 0.1;
const JPEG_QUALITY = 0.9;

function loadImage(url: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error('unreadable image'));
    image.src = url;
  });
}

/** Draws the chosen part of the image into a new file of the kind's size. */
async function drawCrop(
  url: string,
  original: File,
  area: Area,
  kind: CroppedKind,
): Promise<CroppedImage> {
  const image = await loadImage(url);
  const { aspect, max } = CROP_SHAPES[kind];
  const plan = planCrop(
    area,
    { width: image.naturalWidth, height: image.naturalHeight },
    aspect,
    max,
  );
  const canvas = document.createElement('canvas');
  canvas.width = plan.width;
  canvas.height = plan.height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('no 2d canvas');
  context.imageSmoothingQuality = 'high';
  const { source } = plan;
  context.drawImage(
    image,
    source.x,
    source.y,
    source.width,
    source.height,
    0,
    0,
    plan.width,
    plan.height,
  );
  const blob = await new Promise<Blob | null>((resolve) =>
    canvas.toBlob(resolve, cropOutputType(original.type), JPEG_QUALITY),
  );
  if (!blob) throw new Error('the canvas gave no image');
  // A browser that cannot write the asked format writes PNG; the name follows what it wrote.
  const file = new File([blob], croppedFileName(original.name, blob.type), { type: blob.type });
  return { file, width: plan.width, height: plan.height };
}

export interface ImageCropDialogProps {
  kind: CroppedKind;
  file: File;
  /** An object URL of `file`, owned by the caller. */
  url: string;
  onCropped(image: CroppedImage): void;
  /** Upload the file as it is (an animated GIF keeps its animation). */
  onWholeImage(): void;
  onCancel(): void;
}

/** Picks the part of a new avatar (square) or banner (3:1) to upload. */
export function ImageCropDialog({
  kind,
  file,
  url,
  onCropped,
  onWholeImage,
  onCancel,
}: ImageCropDialogProps) {
  const zoomId = useId();
  const hintId = useId();
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(MIN_ZOOM);
  const [area, setArea] = useState<Area | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const save = () => {
    if (!area) return;
    setBusy(true);
    setError(null);
    drawCrop(url, file, area, kind).then(onCropped, (failure: unknown) => {
      console.error('profile image crop failed', failure);
      setError(t('settings.profile.crop.failed'));
      setBusy(false);
    });
  };

  return (
    <Dialog
      title={t(`settings.profile.crop.title_${kind}`)}
      onClose={onCancel}
      describedBy={hintId}
    >
      <div className={styles.stage}>
        <Cropper
          image={url}
          crop={crop}
          zoom={zoom}
          minZoom={MIN_ZOOM}
          maxZoom={MAX_ZOOM}
          aspect={CROP_SHAPES[kind].aspect}
          onCropChange={setCrop}
          onZoomChange={setZoom}
          onCropComplete={(_, pixels) => setArea(pixels)}
          disableAutomaticStylesInjection
          mediaProps={{ alt: '' }}
          cropperProps={{
            role: 'group',
            'aria-label': t('settings.profile.crop.area'),
            'aria-describedby': hintId,
          }}
        />
      </div>
      <p id={hintId} className={styles.hint}>
        {t('settings.profile.crop.hint')}
      </p>
      <div className={styles.zoom}>
        <label htmlFor={zoomId}>{t('settings.profile.crop.zoom')}</label>
        <input
          id={zoomId}
          type="range"
          min={MIN_ZOOM}
          max={MAX_ZOOM}
          step={ZOOM_STEP}
          value={zoom}
          aria-valuetext={`${Math.round(zoom * 100)}%`}
          onChange={(event) => setZoom(Number(event.target.value))}
          data-autofocus
        />
      </div>
      {file.type === 'image/gif' && <p className={styles.hint}>{t('settings.profile.crop.gif')}</p>}
      {error && (
        <p role="alert" className={styles.error}>
          {error}
        </p>
      )}
      <div className={styles.actions}>
        <Button variant="primary" disabled={busy || !area} onClick={save}>
          {t('settings.profile.crop.save')}
        </Button>
        <Button disabled={busy} onClick={onWholeImage}>
          {t('settings.profile.crop.whole')}
        </Button>
        <Button disabled={busy} onClick={onCancel}>
          {t('settings.cancel')}
        </Button>
      </div>
    </Dialog>
  );
}

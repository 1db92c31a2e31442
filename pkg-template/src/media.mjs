// Media types read from bytes: the image signatures both providers' constructors sniff when no
// media type is given (PNG, JPEG, GIF, WebP: the four types Anthropic takes).

// Image signatures, for bytes given without a media type.
const IMAGE_SIGNATURES = [
  ['image/png', [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]],
  ['image/jpeg', [0xff, 0xd8, 0xff]],
  ['image/gif', [0x47, 0x49, 0x46, 0x38]],
];

/** The media type of image bytes by their signature, or undefined. */
export function sniffImage(bytes) {
  for (const [type, sig] of IMAGE_SIGNATURES) {
    if (bytes.length >= sig.length && sig.every((b, i) => bytes[i] === b)) return type;
  }
  // RIFF....WEBP
  if (bytes.length >= 12 && bytes[0] === 0x52 && bytes[1] === 0x49 && bytes[2] === 0x46 && bytes[3] === 0x46
    && bytes[8] === 0x57 && bytes[9] === 0x45 && bytes[10] === 0x42 && bytes[11] === 0x50) return 'image/webp';
  return undefined;
}

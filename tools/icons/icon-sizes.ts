/**
 * Every raster the installers need, in pixels. One table so the script and its readers agree;
 * tests/unit/installer-icons.test.ts checks the output against the platforms' requirements
 * written out independently.
 */

/**
 * Windows .ico sizes: the shell picks 16–48 for lists and title bars, 64–256 for large
 * views, 24 for the taskbar at 150 % scaling. 256 is the largest Windows uses.
 */
export const ICO_SIZES = [16, 24, 32, 48, 64, 128, 256] as const;

/**
 * Source units (of the 1024 grid) trimmed from each side for the Windows icon. The source
 * keeps Apple's 100-unit margin, which macOS expects; Windows draws icons nearly edge to
 * edge, and at 16 px that margin alone would cost 3 of the 16 pixels.
 */
export const ICO_TRIM = 60;

/**
 * macOS .icns entries as `iconutil` makes them from an .iconset: OSType, pixel size, and
 * the iconset file name it stands for (sizes 16–512 in points, each at 1x and 2x).
 * All of these types hold PNG data (macOS 10.7+), so no other pixel format is needed.
 */
export const ICNS_ENTRIES = [
  { type: 'icp4', size: 16, name: 'icon_16x16' },
  { type: 'ic11', size: 32, name: 'icon_16x16@2x' },
  { type: 'icp5', size: 32, name: 'icon_32x32' },
  { type: 'ic12', size: 64, name: 'icon_32x32@2x' },
  { type: 'ic07', size: 128, name: 'icon_128x128' },
  { type: 'ic13', size: 256, name: 'icon_128x128@2x' },
  { type: 'ic08', size: 256, name: 'icon_256x256' },
  { type: 'ic14', size: 512, name: 'icon_256x256@2x' },
  { type: 'ic09', size: 512, name: 'icon_512x512' },
  { type: 'ic10', size: 1024, name: 'icon_512x512@2x' },
] as const;

/**
 * Loose PNGs, written as `png/<size>x<size>.png`: the Linux icon set (electron-builder
 * reads the size from the name) and a source for window icons at any scale.
 */
export const PNG_SIZES = [16, 24, 32, 48, 64, 128, 256, 512, 1024] as const;

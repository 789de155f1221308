#!/usr/bin/env bash
# Writes client/src/styles/fonts/noto-sans-ethiopic-amharic-{400,700}.woff2: Noto Sans Ethiopic (from
# @fontsource/noto-sans-ethiopic) cut down for a first visit on a slow network, 76 kB a weight down to 16 kB:
# - only the Ethiopic syllables and punctuation Amharic is written in, U+1200-137F: the full files also carry the
#   extended blocks of other languages of the script (src/styles/fonts.css names the same range, so a rarer
#   character falls back to a system font);
# - no kerning: its pair tables are two thirds of what is left, and the syllables set without them look the same to
#   within a pixel or two a line (like the system Ethiopic fonts, which do not kern). Contextual forms and the
#   placement of combining marks stay.
# Run it after updating @fontsource/noto-sans-ethiopic, and commit the files; the build itself only copies them.
# src/styles/fonts.test.ts reads both files' cmaps: every Ethiopic character of the app's texts must be in them.
# Needs fonttools with brotli: `apt-get install python3-fonttools python3-brotli` (or `pip install fonttools brotli`).
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
source_dir=../node_modules/@fontsource/noto-sans-ethiopic/files
out_dir=src/styles/fonts
# Space and no-break space keep their widths in the font's metrics; U+030E is a combining mark the script uses.
unicodes='U+0020,U+00A0,U+030E,U+1200-137F'

for weight in 400 700; do
  python3 -m fontTools.subset "$source_dir/noto-sans-ethiopic-ethiopic-$weight-normal.woff2" \
    --unicodes="$unicodes" --layout-features='calt,mark,mkmk' --flavor=woff2 \
    --output-file="$out_dir/noto-sans-ethiopic-amharic-$weight.woff2"
done
cp ../node_modules/@fontsource/noto-sans-ethiopic/LICENSE "$out_dir/OFL.txt"
ls -l "$out_dir"

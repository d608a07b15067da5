#!/usr/bin/env bash
# Makes public/fonts/noto-sans-bengali-{regular,bold}.woff2 (issue 30, ADR 037): Debian's Noto Sans
# Bengali (fonts-noto-core, OFL) cut to the Bengali block, the danda marks, ZWNJ/ZWJ (which Bangla
# conjuncts need) and the dotted circle, with every shaping feature kept and hinting dropped
# (≈39 kB each instead of 200 kB). Needs: apt-get install -y fonts-noto-core python3-fonttools python3-brotli
set -euo pipefail
cd "$(dirname "$0")/.."
source_dir=/usr/share/fonts/truetype/noto
for weight in Regular Bold; do
  /usr/bin/python3 -m fontTools.subset "$source_dir/NotoSansBengali-$weight.ttf" \
    --unicodes="U+0964-0965,U+0980-09FE,U+200C-200D,U+25CC" \
    --layout-features='*' --no-hinting --flavor=woff2 \
    --output-file="public/fonts/noto-sans-bengali-${weight,,}.woff2"
done
ls -l public/fonts/*.woff2

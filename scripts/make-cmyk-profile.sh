#!/usr/bin/env bash
# Regenerates crates/imaging/profiles/FOGRA39L-desen.icc, the ICC profile assumed for CMYK files
# that embed none (see crates/imaging/src/color.rs and crates/imaging/profiles/LICENSE).
#
# Everything comes from Debian packages, nothing from the network at run time:
# - icc-profiles-free (Zlib, Kai-Uwe Behrmann): /usr/share/color/icc/FOGRA39L.ti3, Fogra's
#   characterisation of coated offset after ISO 12647-2:2004/Amd 1 (1617 CMYK patches measured
#   D50, 2°, 45/0, white backing, as XYZ and Lab);
# - argyll (ArgyllCMS colprof, tested with 2.3.1): makes the profile from those measurements.
#
# Options, and why:
#   -qm        medium quality: a 9x9x9x9 lut16 A2B table with 1024-entry input curves (about 54 KB);
#              colprof's own check against the 1617 patches: average 0.16, peak 0.72 ΔE.
#   -bn        no real B2A table (a 2-point placeholder): Desen only converts CMYK → sRGB, so only
#              the A2B (CMYK → PCS) direction is needed; a medium B2A table (with its
#              gamut mapping) would double the file, to about 120 KB.
#   -nc        do not copy the .ti3 measurements into the profile (smaller; they are in the package).
#   -D / -C    the description and copyright tags, naming where the data came from.
# colprof writes the colorimetric table once and points A2B0, A2B1 and A2B2 at it, PCS Lab, media
# white Lab 95.0 0.0 −2.0, black point Lab 7.9; the file is about 57 KB. Only the header date (and
# so the bytes) changes from one run to the next.
set -euo pipefail
cd "$(dirname "$0")/.."

ti3=/usr/share/color/icc/FOGRA39L.ti3
if [ ! -f "$ti3" ] || ! command -v colprof >/dev/null; then
  echo "needs the Debian packages icc-profiles-free and argyll:" >&2
  echo "  apt-get install -y icc-profiles-free argyll" >&2
  exit 1
fi

out=crates/imaging/profiles/FOGRA39L-desen.icc
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp "$ti3" "$work/FOGRA39L.ti3"
(
  cd "$work"
  colprof -v -qm -bn -nc \
    -D "FOGRA39L coated (Desen default)" \
    -C "Made with ArgyllCMS colprof from FOGRA39L.ti3 (Debian icc-profiles-free, Zlib licence)" \
    -O FOGRA39L-desen.icc FOGRA39L
) | grep -E "White point|Black point|Profile check"
mkdir -p "$(dirname "$out")"
cp "$work/FOGRA39L-desen.icc" "$out"
echo "wrote $out ($(stat -c %s "$out") bytes)"

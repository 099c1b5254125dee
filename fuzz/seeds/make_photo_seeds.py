"""Writes the committed photo seeds (fuzz/seeds/photo): small JPEG, PNG and WebP files in the
variants encoders produce (baseline, progressive, grayscale, CMYK and EXIF-rotated JPEG; every PNG
colour type and depth; lossy, lossy with alpha, lossless and animated WebP), which our own writers
cannot make. Run once with Pillow: python3 -m venv v && v/bin/pip install Pillow &&
v/bin/python make_photo_seeds.py. The Rust seeder (fuzz/examples/seed.rs) adds the rest."""

import io
import os

from PIL import Image, ImageDraw

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "photo")
os.makedirs(OUT, exist_ok=True)


def picture(w, h):
    img = Image.new("RGB", (w, h))
    px = img.load()
    for y in range(h):
        for x in range(w):
            px[x, y] = ((x * 255) // max(w - 1, 1), (y * 255) // max(h - 1, 1), ((x ^ y) * 8) & 255)
    d = ImageDraw.Draw(img)
    d.ellipse((w // 4, h // 4, 3 * w // 4, 3 * h // 4), outline=(255, 255, 255), width=2)
    d.rectangle((2, 2, w // 3, h // 3), fill=(20, 30, 200))
    return img


def save(img, name, **kw):
    img.save(os.path.join(OUT, name), **kw)


rgb = picture(40, 30)
save(rgb, "baseline.jpg", quality=80)
save(rgb, "444.jpg", quality=90, subsampling=0)
save(rgb, "progressive.jpg", quality=75, progressive=True)
save(rgb, "optimized.jpg", quality=60, optimize=True)
save(rgb.convert("L"), "gray.jpg", quality=80)
save(rgb.convert("CMYK"), "cmyk.jpg", quality=80)
exif = Image.Exif()
exif[0x0112] = 6
save(picture(24, 16), "exif-orientation-6.jpg", quality=70, exif=exif.tobytes())

save(rgb, "rgb.png")
rgba = rgb.copy()
rgba.putalpha(Image.linear_gradient("L").resize(rgb.size))
save(rgba, "rgba.png")
save(rgb.convert("L"), "gray.png")
save(rgba.convert("LA"), "gray-alpha.png")
save(rgb.convert("1"), "bilevel.png")
save(rgb.convert("P", palette=Image.ADAPTIVE, colors=16), "palette.png", transparency=0)
save(rgb.convert("L").convert("I;16"), "gray16.png")

save(rgb, "lossy.webp", quality=70)
save(rgba, "lossy-alpha.webp", quality=70)
save(rgb, "lossless.webp", lossless=True)
frames = [picture(20, 20), picture(20, 20).transpose(Image.Transpose.FLIP_LEFT_RIGHT)]
frames[0].save(os.path.join(OUT, "animated.webp"), save_all=True, append_images=frames[1:], duration=100)

# Wear-model maps: a mask and a shading map of the same shape as the garment (40 x 30).
mask = Image.new("L", (40, 30), 0)
ImageDraw.Draw(mask).ellipse((5, 3, 35, 27), fill=255)
save(mask, "mask.png")
save(rgb.convert("L"), "shading.jpg", quality=70)

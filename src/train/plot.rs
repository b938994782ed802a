//! The loss curve as a small PNG beside `loss.csv`: training loss in blue, validation loss
//! in red, over the epochs, with the loss range written on the axis. A curve is read
//! faster than a log. Two lines need no plotting crate: they are drawn here on a canvas of
//! four colours, which the `png` crate encodes (2 bits a pixel, in a palette).

use std::fs::File;
use std::io::{self, BufWriter};
use std::path::Path;

const WIDTH: usize = 640;
const HEIGHT: usize = 400;
const MARGIN: usize = 40;
const WHITE: u8 = 0;
const BLACK: u8 = 1;
const BLUE: u8 = 2;
const RED: u8 = 3;

/// A 3×5 pixel font: each glyph is 15 bits, rows top to bottom, 3 bits a row.
fn glyph(c: char) -> Option<u16> {
    Some(match c {
        '0' => 0b111_101_101_101_111,
        '1' => 0b010_110_010_010_111,
        '2' => 0b111_001_111_100_111,
        '3' => 0b111_001_111_001_111,
        '4' => 0b101_101_111_001_001,
        '5' => 0b111_100_111_001_111,
        '6' => 0b111_100_111_101_111,
        '7' => 0b111_001_001_010_010,
        '8' => 0b111_101_111_101_111,
        '9' => 0b111_101_111_001_111,
        '.' => 0b000_000_000_000_010,
        '-' => 0b000_000_111_000_000,
        'e' => 0b000_111_111_100_111,
        'p' => 0b111_101_111_100_100,
        'o' => 0b000_111_101_101_111,
        'c' => 0b000_111_100_100_111,
        'h' => 0b100_100_111_101_101,
        'l' => 0b110_010_010_010_111,
        's' => 0b000_111_110_011_111,
        't' => 0b010_111_010_010_011,
        'r' => 0b000_111_100_100_100,
        'a' => 0b000_111_011_101_111,
        'i' => 0b010_000_010_010_010,
        'n' => 0b000_110_101_101_101,
        'v' => 0b000_101_101_101_010,
        'd' => 0b001_001_111_101_111,
        ' ' => 0,
        _ => return None,
    })
}

struct Canvas {
    pixels: Vec<u8>,
}

impl Canvas {
    fn set(&mut self, x: i64, y: i64, colour: u8) {
        if (0..WIDTH as i64).contains(&x) && (0..HEIGHT as i64).contains(&y) {
            self.pixels[y as usize * WIDTH + x as usize] = colour;
        }
    }

    fn line(&mut self, (x0, y0): (i64, i64), (x1, y1): (i64, i64), colour: u8) {
        let steps = (x1 - x0).abs().max((y1 - y0).abs()).max(1);
        for s in 0..=steps {
            let x = x0 + (x1 - x0) * s / steps;
            let y = y0 + (y1 - y0) * s / steps;
            self.set(x, y, colour);
            self.set(x, y + 1, colour);
        }
    }

    /// Text at scale 2 with its top-left corner at (x, y).
    fn text(&mut self, x: i64, y: i64, text: &str, colour: u8) {
        for (i, c) in text.chars().enumerate() {
            let Some(bits) = glyph(c) else { continue };
            for row in 0..5 {
                for col in 0..3 {
                    if bits >> (14 - (row * 3 + col)) & 1 == 1 {
                        for (dx, dy) in [(0, 0), (1, 0), (0, 1), (1, 1)] {
                            self.set(x + i as i64 * 8 + col * 2 + dx, y + row * 2 + dy, colour);
                        }
                    }
                }
            }
        }
    }
}

/// Draws the curves of `csv` (as the trainer writes it) into `png`.
pub fn write_loss_plot(csv: &Path, png: &Path) -> io::Result<()> {
    let text = std::fs::read_to_string(csv)?;
    let rows: Vec<(f64, f64, f64)> = text
        .lines()
        .skip(1)
        .filter_map(|line| {
            let mut f = line.split(',').map(|v| v.parse::<f64>().ok());
            Some((f.next()??, f.next()??, f.next()??))
        })
        .collect();
    encode_png(&draw(&rows), BufWriter::new(File::create(png)?))
}

fn draw(rows: &[(f64, f64, f64)]) -> Vec<u8> {
    let mut canvas = Canvas {
        pixels: vec![WHITE; WIDTH * HEIGHT],
    };
    let (left, right) = (MARGIN as i64 + 40, (WIDTH - MARGIN) as i64);
    let (top, bottom) = (MARGIN as i64, (HEIGHT - MARGIN) as i64);
    canvas.line((left, top), (left, bottom), BLACK);
    canvas.line((left, bottom), (right, bottom), BLACK);
    canvas.text(right - 40, bottom + 12, "epoch", BLACK);
    canvas.text(left + 10, 10, "train", BLUE);
    canvas.text(left + 70, 10, "validation", RED);
    if rows.is_empty() {
        return canvas.pixels;
    }
    let losses = rows.iter().flat_map(|r| [r.1, r.2]);
    let lo = losses.clone().fold(f64::INFINITY, f64::min);
    let hi = losses.fold(f64::NEG_INFINITY, f64::max);
    let span = (hi - lo).max(1e-9);
    let last_epoch = rows.last().map_or(1.0, |r| r.0).max(1.0);
    let to_px = |epoch: f64, loss: f64| {
        let x = left + ((right - left) as f64 * epoch / last_epoch) as i64;
        let y = bottom - ((bottom - top) as f64 * (loss - lo) / span) as i64;
        (x, y)
    };
    canvas.text(4, top - 4, &format!("{hi:.5}"), BLACK);
    canvas.text(4, bottom - 8, &format!("{lo:.5}"), BLACK);
    canvas.text(left - 4, bottom + 12, "0", BLACK);
    canvas.text(right - 90, bottom + 12, &format!("{last_epoch:.0}"), BLACK);
    for (column, colour) in [(1, BLUE), (2, RED)] {
        let value = |r: &(f64, f64, f64)| if column == 1 { r.1 } else { r.2 };
        let mut previous = None;
        for r in rows {
            let point = to_px(r.0, value(r));
            if let Some(p) = previous {
                canvas.line(p, point, colour);
            }
            for d in -2..=2 {
                canvas.set(point.0 + d, point.1, colour);
                canvas.set(point.0, point.1 + d, colour);
            }
            previous = Some(point);
        }
    }
    canvas.pixels
}

/// The colours of the canvas's indices, as RGB.
const PALETTE: [u8; 12] = [255, 255, 255, 0, 0, 0, 30, 90, 220, 220, 40, 40];

/// Writes the canvas to `out` as a PNG of 2-bit palette indices.
fn encode_png(pixels: &[u8], out: impl io::Write) -> io::Result<()> {
    let mut encoder = png::Encoder::new(out, WIDTH as u32, HEIGHT as u32);
    encoder.set_color(png::ColorType::Indexed);
    encoder.set_depth(png::BitDepth::Two);
    encoder.set_palette(&PALETTE[..]);
    let mut packed = Vec::with_capacity(HEIGHT * WIDTH.div_ceil(4));
    for row in pixels.chunks_exact(WIDTH) {
        for four in row.chunks(4) {
            let byte = four
                .iter()
                .enumerate()
                .fold(0u8, |b, (i, &p)| b | (p & 3) << (6 - 2 * i));
            packed.push(byte);
        }
    }
    let mut writer = encoder.write_header()?;
    writer.write_image_data(&packed)?;
    writer.finish()?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_png_holds_the_canvas_in_its_palette() {
        let canvas = draw(&[(1.0, 0.05, 0.06), (2.0, 0.04, 0.045)]);
        let mut bytes = Vec::new();
        encode_png(&canvas, &mut bytes).unwrap();
        // Expanded by the decoder: one RGB pixel for each of the canvas's indices.
        let mut decoder = png::Decoder::new(io::Cursor::new(bytes));
        decoder.set_transformations(png::Transformations::EXPAND);
        let mut reader = decoder.read_info().unwrap();
        let mut rgb = vec![0; reader.output_buffer_size().unwrap()];
        let frame = reader.next_frame(&mut rgb).unwrap();
        assert_eq!((frame.width, frame.height), (WIDTH as u32, HEIGHT as u32));
        assert_eq!(frame.color_type, png::ColorType::Rgb);
        let expected: Vec<u8> = canvas
            .iter()
            .flat_map(|&index| PALETTE[usize::from(index) * 3..][..3].to_vec())
            .collect();
        assert_eq!(rgb, expected);
        assert!(canvas.contains(&BLUE) && canvas.contains(&RED));
    }
}

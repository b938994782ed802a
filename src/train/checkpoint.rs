//! Trainer checkpoints: the float parameters and the optimiser's moments, so a run can be
//! resumed or a network re-exported. Layout (little-endian): magic `TVCK`, version `u32`
//! (1), inputs, hidden, buckets, epochs done (`u32` each), optimiser steps (`u64`), then
//! the parameters, first moments and second moments (`f32` each).

use super::model::Layout;
use super::optimizer::AdamW;
use std::path::{Path, PathBuf};

const MAGIC: [u8; 4] = *b"TVCK";
const VERSION: u32 = 1;
const HEADER: usize = 32;

/// A saved training state.
#[derive(Clone, Debug)]
pub struct Checkpoint {
    /// The network's shape.
    pub layout: Layout,
    /// Epochs finished when it was saved.
    pub epochs_done: u32,
    /// The parameters.
    pub params: Vec<f32>,
    /// The optimiser.
    pub optimizer: AdamW,
}

/// Why a checkpoint could not be read or written.
#[derive(Debug, thiserror::Error)]
pub enum CheckpointError {
    /// The file could not be read or written.
    #[error("{0}: {1}")]
    Io(PathBuf, #[source] std::io::Error),
    /// The file is not a checkpoint of this trainer, or is damaged.
    #[error("{0}: not a usable checkpoint ({1})")]
    Format(PathBuf, String),
}

fn floats(out: &mut Vec<u8>, values: &[f32]) {
    for v in values {
        out.extend_from_slice(&v.to_le_bytes());
    }
}

impl Checkpoint {
    /// Writes the checkpoint to `path` (through a temporary file, so a crash never leaves
    /// half a checkpoint under the real name).
    pub fn save(&self, path: &Path) -> Result<(), CheckpointError> {
        let mut out = Vec::with_capacity(HEADER + 12 * self.params.len());
        out.extend_from_slice(&MAGIC);
        for field in [
            VERSION,
            self.layout.inputs as u32,
            self.layout.hidden as u32,
            self.layout.buckets as u32,
            self.epochs_done,
        ] {
            out.extend_from_slice(&field.to_le_bytes());
        }
        out.extend_from_slice(&self.optimizer.steps.to_le_bytes());
        floats(&mut out, &self.params);
        floats(&mut out, &self.optimizer.m);
        floats(&mut out, &self.optimizer.v);
        let temporary = path.with_extension("tmp");
        std::fs::write(&temporary, &out)
            .and_then(|()| std::fs::rename(&temporary, path))
            .map_err(|e| CheckpointError::Io(path.to_path_buf(), e))
    }

    /// Reads a checkpoint; `decay` is the weight decay of the resumed run.
    pub fn load(path: &Path, decay: f32) -> Result<Self, CheckpointError> {
        let bytes = std::fs::read(path).map_err(|e| CheckpointError::Io(path.to_path_buf(), e))?;
        let bad = |why: &str| CheckpointError::Format(path.to_path_buf(), why.to_string());
        if bytes.len() < HEADER || bytes[0..4] != MAGIC {
            return Err(bad("no TVCK header"));
        }
        let field = |i: usize| u32::from_le_bytes(bytes[4 + 4 * i..8 + 4 * i].try_into().unwrap());
        if field(0) != VERSION {
            return Err(bad("unknown version"));
        }
        let layout = Layout::new(field(1) as usize, field(2) as usize, field(3) as usize);
        let n = layout.len();
        if bytes.len() != HEADER + 12 * n {
            return Err(bad("length does not match the shape"));
        }
        let read = |k: usize| -> Vec<f32> {
            bytes[HEADER + 4 * n * k..HEADER + 4 * n * (k + 1)]
                .chunks_exact(4)
                .map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]]))
                .collect()
        };
        let mut optimizer = AdamW::new(n, decay);
        optimizer.steps = u64::from_le_bytes(bytes[24..32].try_into().unwrap());
        optimizer.m = read(1);
        optimizer.v = read(2);
        Ok(Self {
            layout,
            epochs_done: field(4),
            params: read(0),
            optimizer,
        })
    }
}

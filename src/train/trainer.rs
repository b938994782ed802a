//! The training loop: load and split the data, then epoch after epoch shuffle, step
//! AdamW over mini-batches computed in parallel, measure the held-out loss, and write a
//! checkpoint, a quantised network and a line of the loss curve.

use super::checkpoint::{Checkpoint, CheckpointError};
use super::export::quantise_network;
use super::gradient::{accumulate_gradient, summed_loss, Scratch, Target};
use super::model::{initial_parameters, Layout};
use super::optimizer::AdamW;
use super::options::TrainOptions;
use super::plot::write_loss_plot;
use crate::nnue::data::DataError;
use crate::nnue::features::FeatureSet;
use crate::nnue::format::write_network;
use crate::nnue::game_file::read_positions;
use crate::progress::ProgressDisplay;
use crate::rng::{derive_seed, Rng};
use rayon::prelude::*;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// Time between the progress lines of an epoch, when no bar stands for them.
const PLAIN_REPORT_EVERY: Duration = Duration::from_secs(30);

/// Why a training run stopped.
#[derive(Debug, thiserror::Error)]
pub enum TrainError {
    /// A data file could not be read.
    #[error(transparent)]
    Data(#[from] DataError),
    /// The checkpoint could not be read or written.
    #[error(transparent)]
    Checkpoint(#[from] CheckpointError),
    /// An output file could not be written.
    #[error("{0}: {1}")]
    Io(PathBuf, #[source] std::io::Error),
    /// The run cannot start (no data, a checkpoint of another shape, no threads).
    #[error("{0}")]
    Setup(String),
}

/// One finished epoch, a row of `loss.csv`.
#[derive(Clone, Copy, Debug)]
pub struct EpochReport {
    /// 1-based epoch number.
    pub epoch: u32,
    /// Mean training loss over the epoch.
    pub train_loss: f64,
    /// Mean loss on the held-out positions.
    pub validation_loss: f64,
    /// Learning rate at the epoch's end.
    pub lr: f32,
    /// Training positions per second.
    pub positions_per_second: f64,
}

/// Cosine decay from `lr` to `final_lr` over `total` steps.
fn learning_rate(o: &TrainOptions, step: u64, total: u64) -> f32 {
    let progress = (step as f64 / total.max(1) as f64).min(1.0);
    let cosine = 0.5 * (1.0 + (std::f64::consts::PI * progress).cos());
    (f64::from(o.final_lr) + (f64::from(o.lr) - f64::from(o.final_lr)) * cosine) as f32
}

fn write_file(path: &Path, bytes: &[u8]) -> Result<(), TrainError> {
    std::fs::write(path, bytes).map_err(|e| TrainError::Io(path.to_path_buf(), e))
}

/// Every training position of `path` (a game file's quiet scored positions, or a record
/// file's records), saying how many there were.
fn load<F: FeatureSet>(path: &Path) -> Result<Vec<F::Record>, TrainError> {
    let started = Instant::now();
    let (loaded, counts) = read_positions::<F::Record>(path)?;
    let games = counts.map_or(String::new(), |c| {
        format!(" of {} positions in {} games", c.positions, c.games)
    });
    eprintln!(
        "train: {} positions{games} from {} in {:.1} s{}",
        loaded.records.len(),
        path.display(),
        started.elapsed().as_secs_f64(),
        if loaded.trailing_bytes > 0 {
            format!(" ({} trailing bytes ignored)", loaded.trailing_bytes)
        } else {
            String::new()
        }
    );
    Ok(loaded.records)
}

/// Mean loss of `records` with the threads of the current pool.
fn mean_loss<F: FeatureSet>(
    params: &[f32],
    layout: &Layout,
    records: &[F::Record],
    target: Target,
) -> f64 {
    if records.is_empty() {
        return 0.0;
    }
    let total: f64 = records
        .par_chunks(4096)
        .map(|chunk| {
            let mut scratch = Scratch::new(layout.hidden);
            summed_loss::<F>(params, layout, chunk, target, &mut scratch)
        })
        .sum();
    total / records.len() as f64
}

/// Runs a whole training as `o` says; returns each epoch's report.
pub fn train<F: FeatureSet>(o: &TrainOptions) -> Result<Vec<EpochReport>, TrainError> {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(o.threads)
        .build()
        .map_err(|e| TrainError::Setup(format!("cannot start {} threads: {e}", o.threads)))?;
    pool.install(|| train_in_pool::<F>(o))
}

fn train_in_pool<F: FeatureSet>(o: &TrainOptions) -> Result<Vec<EpochReport>, TrainError> {
    std::fs::create_dir_all(&o.out).map_err(|e| TrainError::Io(o.out.clone(), e))?;
    let mut records = Vec::new();
    for path in &o.data {
        records.extend(load::<F>(path)?);
    }
    let mut rng = Rng::new(o.seed);
    // Without a validation file the last records are held out, not a random sample:
    // positions of one game are alike, and datagen writes whole games, so a tail is (but
    // for one game) unseen games and its loss measures how the network does on positions
    // it never met.
    let separate = match &o.validation_data {
        Some(path) => load::<F>(path)?,
        None => Vec::new(),
    };
    let held_out = if o.validation_data.is_some() {
        0
    } else {
        (records.len() as f64 * o.validation) as usize
    };
    let boundary = records.len() - held_out;
    let (training, tail) = records.split_at(boundary);
    let validation: &[F::Record] = if o.validation_data.is_some() {
        &separate
    } else {
        tail
    };
    // Only training positions are mirrored: the validation loss stays a measure on
    // positions exactly as games produced them.
    let mut training = training.to_vec();
    if o.mirror {
        let mirrors: Vec<F::Record> = training.iter().filter_map(F::mirrored).collect();
        training.extend(mirrors);
    }
    let training = &training[..];
    if training.len() < o.batch {
        return Err(TrainError::Setup(format!(
            "{} training positions, fewer than one batch of {}",
            training.len(),
            o.batch
        )));
    }
    let (layout, mut params, mut adam, first_epoch) = match &o.resume {
        Some(path) => {
            let c = Checkpoint::load(path, o.decay)?;
            if c.layout != Layout::new(F::INPUTS, c.layout.hidden, F::BUCKETS) {
                return Err(TrainError::Setup(format!(
                    "{} is a checkpoint of another network shape",
                    path.display()
                )));
            }
            (c.layout, c.params, c.optimizer, c.epochs_done + 1)
        }
        None => {
            let layout = Layout::new(F::INPUTS, o.hidden, F::BUCKETS);
            let params = initial_parameters(&layout, &mut rng);
            let adam = AdamW::new(layout.len(), o.decay);
            (layout, params, adam, 1)
        }
    };
    let target = Target { wdl: o.wdl };
    let threads = rayon::current_num_threads();
    let mut grads: Vec<Vec<f32>> = (0..threads).map(|_| vec![0.0; layout.len()]).collect();
    let mut scratches: Vec<Scratch> = (0..threads).map(|_| Scratch::new(layout.hidden)).collect();
    let batches_per_epoch = training.len() / o.batch;
    let total_steps = u64::from(o.epochs) * batches_per_epoch as u64;
    eprintln!(
        "train: {} training and {} validation positions, {}x{} -> {} buckets, {} batches of {} per epoch, {} threads",
        training.len(),
        validation.len(),
        layout.inputs,
        layout.hidden,
        layout.buckets,
        batches_per_epoch,
        o.batch,
        threads
    );
    let csv_path = o.out.join("loss.csv");
    let mut reports = Vec::new();
    if first_epoch == 1 {
        write_file(
            &csv_path,
            b"epoch,train_loss,validation_loss,lr,positions_per_second\n",
        )?;
    }
    let last_epoch = o.stop_after.map_or(o.epochs, |e| e.min(o.epochs));
    let run_batches =
        u64::from((last_epoch + 1).saturating_sub(first_epoch)) * batches_per_epoch as u64;
    let display = ProgressDisplay::new("train", Some(run_batches));
    // Each epoch's order depends only on the seed and the epoch, so a resumed run takes
    // the same steps as one that was never stopped.
    let mut order: Vec<u32> = Vec::with_capacity(training.len());
    let mut batch_records: Vec<F::Record> = Vec::with_capacity(o.batch);
    for epoch in first_epoch..=last_epoch {
        order.clear();
        order.extend(0..training.len() as u32);
        Rng::new(derive_seed(o.seed, u64::from(epoch))).shuffle(&mut order);
        let started = Instant::now();
        let mut last_report = Instant::now();
        let mut loss_sum = 0.0f64;
        let mut lr = o.lr;
        for (b, indices) in order.chunks_exact(o.batch).enumerate() {
            batch_records.clear();
            batch_records.extend(indices.iter().map(|&i| training[i as usize]));
            let batch = &batch_records[..];
            let step = adam.steps;
            lr = learning_rate(o, step, total_steps);
            let share = batch.len().div_ceil(threads);
            let params_ref = &params;
            let layout_ref = &layout;
            loss_sum += grads
                .par_iter_mut()
                .zip(scratches.par_iter_mut())
                .zip(batch.par_chunks(share))
                .map(|((grad, scratch), chunk)| {
                    grad.iter_mut().for_each(|g| *g = 0.0);
                    accumulate_gradient::<F>(params_ref, layout_ref, chunk, target, grad, scratch)
                })
                .sum::<f64>();
            let (first, rest) = grads.split_at_mut(1);
            let scale = 1.0 / batch.len() as f32;
            first[0]
                .par_chunks_mut(1 << 14)
                .enumerate()
                .for_each(|(i, out)| {
                    let range = i << 14..(i << 14) + out.len();
                    for other in rest.iter() {
                        for (o, &g) in out.iter_mut().zip(&other[range.clone()]) {
                            *o += g;
                        }
                    }
                    out.iter_mut().for_each(|g| *g *= scale);
                });
            adam.step(&mut params, &grads[0], lr, layout.output_bias.start);
            let loss = loss_sum / ((b + 1) * o.batch) as f64;
            let rate = || ((b + 1) * o.batch) as f64 / started.elapsed().as_secs_f64();
            let position = u64::from(epoch - first_epoch) * batches_per_epoch as u64 + b as u64;
            display.show(position + 1, || {
                format!(
                    "epoch {epoch}/{}, loss {loss:.5}, {:.0} pos/s",
                    o.epochs,
                    rate()
                )
            });
            if last_report.elapsed() >= PLAIN_REPORT_EVERY {
                last_report = Instant::now();
                let done = (b + 1) as f64 / batches_per_epoch as f64;
                let filled = (done * 30.0) as usize;
                display.plain(|| {
                    format!(
                        "epoch {epoch}/{} [{}{}] {:>3.0}% loss {loss:.5} {:.0} pos/s",
                        o.epochs,
                        "#".repeat(filled),
                        ".".repeat(30 - filled),
                        done * 100.0,
                        rate()
                    )
                });
            }
        }
        let seconds = started.elapsed().as_secs_f64();
        let report = EpochReport {
            epoch,
            train_loss: loss_sum / (batches_per_epoch * o.batch) as f64,
            validation_loss: mean_loss::<F>(&params, &layout, validation, target),
            lr,
            positions_per_second: (batches_per_epoch * o.batch) as f64 / seconds,
        };
        display.line(&format!(
            "epoch {epoch}/{}: train loss {:.6}, validation loss {:.6}, lr {:.2e}, {:.0} positions/s, {:.0} s",
            o.epochs,
            report.train_loss,
            report.validation_loss,
            report.lr,
            report.positions_per_second,
            seconds
        ));
        let mut csv = std::fs::OpenOptions::new()
            .append(true)
            .create(true)
            .open(&csv_path)
            .map_err(|e| TrainError::Io(csv_path.clone(), e))?;
        writeln!(
            csv,
            "{},{:.7},{:.7},{:.3e},{:.0}",
            report.epoch,
            report.train_loss,
            report.validation_loss,
            report.lr,
            report.positions_per_second
        )
        .map_err(|e| TrainError::Io(csv_path.clone(), e))?;
        reports.push(report);
        Checkpoint {
            layout: layout.clone(),
            epochs_done: epoch,
            params: params.clone(),
            optimizer: adam.clone(),
        }
        .save(&o.out.join("checkpoint.bin"))?;
        let net = write_network(&quantise_network::<F>(&params, &layout));
        write_file(&o.out.join(format!("epoch-{epoch:03}.nnue")), &net)?;
        write_file(&o.out.join("final.nnue"), &net)?;
        write_loss_plot(&csv_path, &o.out.join("loss.png"))
            .map_err(|e| TrainError::Io(o.out.join("loss.png"), e))?;
    }
    Ok(reports)
}

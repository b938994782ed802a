//! Learning an evaluation from self-play: the training data format ([`data`]) that
//! `tvilling datagen` writes.

pub mod data;

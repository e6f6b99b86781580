//! Pages: composition only (state in `model`, drawing in `components`).

pub mod lab;

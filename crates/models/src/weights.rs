//! Opening a Hugging Face model directory for Candle. The embedder and the
//! cross-encoder both read one, and the model manager (which downloads and
//! verifies directories) is above them, not beside them.

use std::path::Path;

/// A Hugging Face model directory opened for Candle: `config.json` and
/// `tokenizer.json` read, `model.safetensors` memory-mapped (not copied).
pub struct SafetensorsDir {
    pub config: Vec<u8>,
    pub tokenizer: Vec<u8>,
    pub weights: candle_nn::VarBuilder<'static>,
}

/// Opens a model directory; on failure, the file that failed and why.
pub fn open_safetensors_dir(dir: &Path, device: &candle_core::Device) -> Result<SafetensorsDir, (String, String)> {
    let read = |f: &str| std::fs::read(dir.join(f)).map_err(|e| (dir.join(f).display().to_string(), e.to_string()));
    let config = read("config.json")?;
    let tokenizer = read("tokenizer.json")?;
    let path = dir.join("model.safetensors");
    // SAFETY: the mapped file is a model weight file we do not write while
    // it is mapped; candle validates the safetensors header.
    let weights = unsafe { candle_nn::VarBuilder::from_mmaped_safetensors(&[&path], candle_core::DType::F32, device) }
        .map_err(|e| (path.display().to_string(), e.to_string()))?;
    Ok(SafetensorsDir { config, tokenizer, weights })
}

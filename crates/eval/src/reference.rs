//! The reference implementations `aurag bench` measures us against, run as
//! child processes on the same input: the Python ingest script (pypdf,
//! openpyxl), sentence-transformers for the embedder, and llama.cpp (xllamacpp)
//! for the language model. Each is optional: a reference that is not
//! installed is reported as missing, one that fails with its last line, so
//! the benchmark says why a figure is absent instead of inventing one.

use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::Value;

/// What a reference run gave.
#[derive(Debug, Clone)]
pub enum Reference {
    /// Its figures, as the script printed them (JSON).
    Ran(Value),
    /// Not installed here (no script, no interpreter, no package).
    Missing,
    /// It ran and failed: its last line of output.
    Failed(String),
}

impl Reference {
    pub fn figures(&self) -> Option<&Value> {
        match self {
            Reference::Ran(v) => Some(v),
            _ => None,
        }
    }
}

/// `scripts/NAME` in the working directory, else under `repo` (a checkout's
/// root, which the CLI knows from its build).
fn script(repo: &Path, name: &str) -> Option<PathBuf> {
    [PathBuf::from("scripts").join(name), repo.join("scripts").join(name)].into_iter().find(|p| p.exists())
}

fn last_line(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).lines().rev().find(|l| !l.trim().is_empty()).unwrap_or("").to_string()
}

/// The ingest reference (`scripts/bench_ingest_ref.py`) on the same paths:
/// the project's venv Python, or `$AURAG_PYTHON`; with a model directory it
/// also embeds, so it needs sentence-transformers (`$AURAG_ST_PYTHON`).
pub fn python_ingest(repo: &Path, paths: &[PathBuf], model_dir: Option<&Path>) -> Reference {
    let Some(script) = script(repo, "bench_ingest_ref.py") else { return Reference::Missing };
    let venv = if model_dir.is_some() { ".cache/aurag/venv-st/bin/python" } else { ".cache/aurag/venv/bin/python" };
    let venv = dirs::home_dir().map(|h| h.join(venv)).filter(|p| p.exists());
    let python = std::env::var(if model_dir.is_some() { "AURAG_ST_PYTHON" } else { "AURAG_PYTHON" })
        .ok()
        .or_else(|| venv.map(|p| p.display().to_string()))
        .unwrap_or_else(|| "python3".into());
    let mut cmd = Command::new(python);
    cmd.arg(script);
    if let Some(d) = model_dir {
        cmd.arg("--model").arg(d);
    }
    match cmd.args(paths).output() {
        Err(_) => Reference::Missing,
        Ok(out) if !out.status.success() => Reference::Failed(last_line(&out.stderr)),
        Ok(out) => serde_json::from_slice(&out.stdout).map(Reference::Ran).unwrap_or_else(|e| Reference::Failed(format!("unreadable output: {e}"))),
    }
}

/// sentence-transformers on the same texts (`scripts/bench_embed_ref.py`),
/// with the first Python that has it: `$AURAG_ST_PYTHON`, the project's
/// `venv-st`, then `python3`.
pub fn python_embed(repo: &Path, model_dir: &Path, texts: &Path, max_tokens: usize, batch: usize) -> Reference {
    let Some(script) = script(repo, "bench_embed_ref.py") else { return Reference::Missing };
    let candidates = [
        std::env::var("AURAG_ST_PYTHON").ok(),
        dirs::home_dir().map(|h| h.join(".cache/aurag/venv-st/bin/python").display().to_string()),
        Some("python3".to_string()),
    ];
    for py in candidates.into_iter().flatten() {
        let Ok(out) = Command::new(&py).arg(&script).arg(model_dir).arg(texts).arg(max_tokens.to_string()).arg(batch.to_string()).output() else { continue };
        if out.status.success() {
            if let Ok(v) = serde_json::from_slice(&out.stdout) {
                return Reference::Ran(v);
            }
        }
    }
    Reference::Missing
}

/// llama.cpp itself on the same GGUF (the `xllamacpp` wheel that
/// `scripts/llm_reference.sh` installs), on `threads` threads for both
/// phases: the best of `runs` for the prompt pass and for a `gen_tokens`
/// greedy run, as llama.cpp's own timings report them. `python` is the
/// interpreter that has `xllamacpp` installed.
pub fn llama_cpp(python: &Path, gguf: &Path, threads: usize, prompt_tokens: usize, gen_tokens: usize, runs: usize) -> Reference {
    let script = format!(
        "import time, json, resource, xllamacpp as x\n\
p=x.CommonParams(); p.model.path={gguf:?}; p.n_ctx=4096; p.n_parallel=1; p.warmup=False\n\
p.cpuparams.n_threads={threads}; p.cpuparams_batch.n_threads={threads}\n\
t=time.time(); s=x.Server(p); load=time.time()-t\n\
w='revenue grew in fiscal 2019 while costs fell across regions'.split()\n\
pr=' '.join(w[i%len(w)] for i in range({prompt_tokens}))\n\
def run(n):\n  r=s.handle_completions(dict(prompt=pr, n_predict=n, temperature=0, top_k=1, cache_prompt=False, ignore_eos=True)); return r['timings'], r['usage']\n\
rs=[run({gen_tokens}) for _ in range({runs})]\n\
pp=max(t['prompt_per_second'] for t,u in rs); tg=max(t['predicted_per_second'] for t,u in rs)\n\
print(json.dumps(dict(engine='llama.cpp (xllamacpp ' + x.__version__ + ')', threads={threads}, load_seconds=load, prompt_tokens=rs[0][1]['prompt_tokens'], prompt_tokens_per_s=pp, generated_tokens=rs[0][1]['completion_tokens'], generate_tokens_per_s=tg, peak_rss_mb=resource.getrusage(resource.RUSAGE_SELF).ru_maxrss/1024)))\n",
        gguf = gguf.display().to_string()
    );
    match Command::new(python).arg("-c").arg(&script).output() {
        Err(_) => Reference::Missing,
        Ok(o) if o.status.success() => {
            // The figures are the last line (llama.cpp logs before it).
            let out = String::from_utf8_lossy(&o.stdout);
            match out.lines().rev().find_map(|l| serde_json::from_str::<Value>(l).ok()) {
                Some(v) => Reference::Ran(v),
                None => Reference::Failed(format!("printed no figures: {}", out.chars().take(300).collect::<String>())),
            }
        }
        Ok(o) => {
            let last = last_line(&o.stderr);
            if last.contains("No module named 'xllamacpp'") {
                Reference::Missing
            } else {
                Reference::Failed(last)
            }
        }
    }
}

/// The Python that has llama.cpp's `xllamacpp` (`scripts/llm_reference.sh`
/// makes it): `$AURAG_XLLAMACPP_VENV/bin/python`, else
/// `~/.cache/aurag/xllamacpp-venv/bin/python`.
pub fn xllamacpp_python() -> PathBuf {
    std::env::var("AURAG_XLLAMACPP_VENV")
        .map(|v| PathBuf::from(v).join("bin/python"))
        .unwrap_or_else(|_| dirs::home_dir().unwrap_or_default().join(".cache/aurag/xllamacpp-venv/bin/python"))
}

/// The project's venv Python (`$AURAG_VENV/bin/python`, else
/// `~/.cache/aurag/venv/bin/python`), where the references are installed.
pub fn venv_python() -> PathBuf {
    std::env::var("AURAG_VENV").map(|v| PathBuf::from(v).join("bin/python")).unwrap_or_else(|_| dirs::home_dir().unwrap_or_default().join(".cache/aurag/venv/bin/python"))
}

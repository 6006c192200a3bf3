//! In-memory [`Store`] test double: same contract as the LanceDB store,
//! deterministic, no files.

use std::collections::{BTreeMap, HashMap};
use std::sync::Mutex;

use super::{Hit, Reclaimed, SourceSummary, Store, StoreError, StoreInfo, StoreVersions, Unit, SCHEMA_VERSION};
use crate::embed::cosine;
use crate::guide::Guide;
use crate::source::SourceObject;

#[derive(Default)]
struct State {
    objects: BTreeMap<String, (SourceObject, Vec<f32>)>,
    units: BTreeMap<String, Unit>,
    guides: BTreeMap<String, (Guide, Vec<f32>)>,
    versions: StoreVersions,
}

pub struct MemoryStore {
    info: StoreInfo,
    state: Mutex<State>,
}

impl MemoryStore {
    pub fn new(embedder: &str, dim: usize) -> Self {
        MemoryStore {
            info: StoreInfo { schema_version: SCHEMA_VERSION, embedder: embedder.to_string(), dim },
            state: Mutex::new(State::default()),
        }
    }
    fn lock(&self) -> std::sync::MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }
}

impl Store for MemoryStore {
    fn info(&self) -> &StoreInfo {
        &self.info
    }

    async fn replace_files(&self, files: &[String], objects: Vec<(SourceObject, Vec<f32>)>, units: Vec<Unit>) -> Result<(), StoreError> {
        let mut s = self.lock();
        s.versions.sources += 1;
        s.objects.retain(|_, (o, _)| !files.contains(&o.provenance.file));
        s.units.retain(|_, u| !files.contains(&u.file));
        for (o, v) in objects {
            s.objects.insert(o.id.clone(), (o, v));
        }
        for u in units {
            s.units.insert(u.id.clone(), u);
        }
        Ok(())
    }

    async fn file_hashes(&self) -> Result<HashMap<String, String>, StoreError> {
        Ok(self.lock().objects.values().map(|(o, _)| (o.provenance.file.clone(), o.provenance.file_hash.clone())).collect())
    }

    async fn objects(&self) -> Result<Vec<SourceObject>, StoreError> {
        let mut out: Vec<SourceObject> = self.lock().objects.values().map(|(o, _)| o.clone()).collect();
        out.sort_by(|a, b| (&a.provenance.file, a.provenance.locator.key()).cmp(&(&b.provenance.file, b.provenance.locator.key())));
        Ok(out)
    }

    async fn list(&self) -> Result<Vec<SourceSummary>, StoreError> {
        let s = self.lock();
        let mut v: Vec<SourceSummary> = s.objects.values().map(|(o, _)| SourceSummary::from(o)).collect();
        v.sort_by(|a, b| (&a.file, &a.locator.key()).cmp(&(&b.file, &b.locator.key())));
        Ok(v)
    }

    async fn get(&self, id: &str) -> Result<Option<SourceObject>, StoreError> {
        Ok(self.lock().objects.get(id).map(|(o, _)| o.clone()))
    }

    async fn update_object(&self, object: SourceObject, vector: Vec<f32>) -> Result<(), StoreError> {
        let mut s = self.lock();
        s.versions.sources += 1;
        if s.objects.contains_key(&object.id) {
            s.objects.insert(object.id.clone(), (object, vector));
        }
        Ok(())
    }

    async fn remove_ids(&self, ids: &[String]) -> Result<usize, StoreError> {
        let mut s = self.lock();
        s.versions.sources += 1;
        let before = s.objects.len();
        s.objects.retain(|id, _| !ids.contains(id));
        s.units.retain(|_, u| !ids.contains(&u.source_id));
        Ok(before - s.objects.len())
    }

    async fn remove_file(&self, file: &str) -> Result<usize, StoreError> {
        let mut s = self.lock();
        s.versions.sources += 1;
        let before = s.objects.len();
        s.objects.retain(|_, (o, _)| o.provenance.file != file);
        s.units.retain(|_, u| u.file != file);
        Ok(before - s.objects.len())
    }

    async fn search_vector(&self, vector: &[f32], k: usize) -> Result<Vec<Hit>, StoreError> {
        let s = self.lock();
        let mut hits: Vec<Hit> = s.objects.iter().map(|(id, (_, v))| Hit { id: id.clone(), score: cosine(vector, v) }).collect();
        hits.sort_by(|a, b| b.score.partial_cmp(&a.score).unwrap_or(std::cmp::Ordering::Equal).then(a.id.cmp(&b.id)));
        hits.truncate(k);
        Ok(hits)
    }

    async fn search_text(&self, query: &str, k: usize) -> Result<Vec<Hit>, StoreError> {
        let s = self.lock();
        let ids: Vec<&String> = s.objects.keys().collect();
        let texts: Vec<String> = s.objects.values().map(|(o, _)| o.searchable_text()).collect();
        let bm25 = crate::bm25::Bm25::build(texts.iter().map(String::as_str));
        Ok(bm25.search(query, k).into_iter().map(|(i, score)| Hit { id: ids[i].clone(), score }).collect())
    }

    async fn units(&self, source_id: &str) -> Result<Vec<Unit>, StoreError> {
        let mut v: Vec<Unit> = self.lock().units.values().filter(|u| u.source_id == source_id).cloned().collect();
        v.sort_by_key(|u| u.idx);
        Ok(v)
    }

    async fn collect_garbage(&self) -> Result<usize, StoreError> {
        let mut s = self.lock();
        let before = s.units.len();
        let ids: std::collections::HashSet<String> = s.objects.keys().cloned().collect();
        s.units.retain(|_, u| ids.contains(&u.source_id));
        Ok(before - s.units.len())
    }

    async fn put_guides(&self, guides: Vec<(Guide, Vec<f32>)>) -> Result<(), StoreError> {
        let mut s = self.lock();
        s.versions.guides += 1;
        for (g, v) in guides {
            s.guides.insert(g.id.clone(), (g, v));
        }
        Ok(())
    }

    async fn guides(&self) -> Result<Vec<(Guide, Vec<f32>)>, StoreError> {
        Ok(self.lock().guides.values().cloned().collect())
    }

    async fn remove_guides(&self, ids: &[String]) -> Result<usize, StoreError> {
        let mut s = self.lock();
        s.versions.guides += 1;
        Ok(ids.iter().filter(|id| s.guides.remove(id.as_str()).is_some()).count())
    }

    async fn versions(&self) -> Result<StoreVersions, StoreError> {
        Ok(self.lock().versions)
    }

    /// Nothing to give back: no versions are kept.
    async fn reclaim(&self, _keep: std::time::Duration) -> Result<Reclaimed, StoreError> {
        Ok(Reclaimed::default())
    }
}

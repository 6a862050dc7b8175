//! Info objects (MPI 3.1 chapter 9) and communicator names (§6.8) of each
//! process. Both are local: no other process sees them and no call blocks.
//! An info object the program made and did not free by MPI_Finalize is
//! reported with the other unfreed objects (`leaks.rs`).

use super::args::Args;
use super::decode::*;
use crate::mpi::machine::*;
use runtime_model::handles as h;
use runtime_model::model::LocId;
use runtime_model::mpi_api::MpiFunc as F;
use runtime_model::mpi_api::MpiFunc;
use std::sync::Arc;

/// First info handle of every process (MPICH's direct info handles are
/// `0x9c000000...`; `MPI_INFO_NULL` is `0x1c000000`, `MPI_INFO_ENV`
/// `0x5c000001`).
pub(crate) const INFO_HANDLE_BASE: i32 = 0x9c10_0000u32 as i32;

/// One info object: (key, value) pairs in insertion order (§9: the order
/// MPI_Info_get_nthkey numbers them).
#[derive(Clone, Debug)]
pub struct InfoObject {
    pub entries: Vec<(String, String)>,
    pub freed: bool,
    /// The call that made it, for leak reports.
    pub made_at: (LocId, MpiFunc),
}

/// Per-process info objects and communicator names.
#[derive(Clone, Debug, Default)]
pub struct InfoTables {
    infos: Vec<Arc<Vec<InfoObject>>>,
    /// Names set with MPI_Comm_set_name, by communicator handle.
    names: Vec<Arc<Vec<(i32, String)>>>,
}

impl InfoTables {
    fn ensure(&mut self, rank: usize) {
        if self.infos.len() <= rank {
            self.infos.resize_with(rank + 1, Default::default);
            self.names.resize_with(rank + 1, Default::default);
        }
    }

    fn get(&self, rank: usize, handle: i32) -> Option<&InfoObject> {
        let i = handle.wrapping_sub(INFO_HANDLE_BASE);
        if i < 0 {
            return None;
        }
        self.infos.get(rank)?.get(i as usize)
    }

    fn get_mut(&mut self, rank: usize, handle: i32) -> Option<&mut InfoObject> {
        let i = handle.wrapping_sub(INFO_HANDLE_BASE);
        if i < 0 || self.get(rank, handle).is_none() {
            return None;
        }
        Arc::make_mut(&mut self.infos[rank]).get_mut(i as usize)
    }

    fn add(&mut self, rank: usize, info: InfoObject) -> i32 {
        self.ensure(rank);
        let v = Arc::make_mut(&mut self.infos[rank]);
        v.push(info);
        INFO_HANDLE_BASE + (v.len() - 1) as i32
    }

    /// Info objects of `rank` never freed, with the call that made each.
    pub fn live(&self, rank: usize) -> Vec<(LocId, MpiFunc)> {
        self.infos
            .get(rank)
            .map(|v| v.iter().filter(|i| !i.freed).map(|i| i.made_at).collect())
            .unwrap_or_default()
    }

    /// The name MPI_Comm_get_name reports (§6.8): the one set last, else
    /// the predefined communicators' own names, else the empty string.
    pub fn comm_name(&self, rank: usize, comm: i32) -> String {
        if let Some((_, n)) = self
            .names
            .get(rank)
            .and_then(|v| v.iter().rev().find(|(c, _)| *c == comm))
        {
            return n.clone();
        }
        match comm {
            h::MPI_COMM_WORLD => "MPI_COMM_WORLD".into(),
            h::MPI_COMM_SELF => "MPI_COMM_SELF".into(),
            _ => String::new(),
        }
    }

    fn set_comm_name(&mut self, rank: usize, comm: i32, name: String) {
        self.ensure(rank);
        let v = Arc::make_mut(&mut self.names[rank]);
        v.retain(|(c, _)| *c != comm);
        v.push((comm, name));
    }
}

impl Machine {
    /// Checks an info argument: `MPI_INFO_NULL` (where `null_ok`),
    /// `MPI_INFO_ENV`, or a live info object of the process.
    pub(crate) fn info_arg(&self, site: &Site, info: i32, null_ok: bool) -> Result<(), Halt> {
        match info {
            h::MPI_INFO_NULL if null_ok => Ok(()),
            h::MPI_INFO_NULL => Err(site.invalid("info is MPI_INFO_NULL")),
            h::MPI_INFO_ENV => Ok(()),
            _ => match self.dtypes.infos.get(site.rank, info) {
                Some(i) if i.freed => {
                    Err(site.invalid(format!("info object 0x{info:x} was freed by MPI_Info_free")))
                }
                Some(_) => Ok(()),
                None => Err(site.invalid(format!("invalid info object 0x{info:x}"))),
            },
        }
    }

    /// The (key, value) pairs of an info argument (MPI_INFO_ENV has none
    /// here: the model has no command line or working directory to report).
    fn info_entries(&self, site: &Site, info: i32) -> Result<Vec<(String, String)>, Halt> {
        self.info_arg(site, info, false)?;
        Ok(self
            .dtypes
            .infos
            .get(site.rank, info)
            .map(|i| i.entries.clone())
            .unwrap_or_default())
    }

    fn read_string(&self, site: &Site, addr: u64, what: &str) -> Result<String, Halt> {
        self.procs[site.rank]
            .proc
            .mem
            .read_c_string(addr)
            .map(|b| String::from_utf8_lossy(&b).into_owned())
            .map_err(|f| site.memory(what, f))
    }

    /// Writes `s` and its NUL into a buffer of `room` bytes, cutting `s`
    /// to fit (§9: values longer than `valuelen` are truncated).
    fn write_string(
        &mut self,
        site: &Site,
        addr: u64,
        s: &str,
        room: usize,
        what: &str,
    ) -> Result<(), Halt> {
        let mut bytes: Vec<u8> = s.bytes().take(room.saturating_sub(1)).collect();
        bytes.push(0);
        self.procs[site.rank]
            .proc
            .mem
            .write_bytes(addr, &bytes)
            .map_err(|f| site.memory(what, f))
    }

    /// A key argument (§9: at most MPI_MAX_INFO_KEY characters).
    fn info_key(&self, site: &Site, addr: u64) -> Result<String, Halt> {
        let key = self.read_string(site, addr, "key")?;
        if key.is_empty() || key.len() > h::MPI_MAX_INFO_KEY as usize {
            return Err(site.invalid(format!(
                "info key \"{key}\" must have 1 to MPI_MAX_INFO_KEY ({}) characters (MPI 3.1 §9)",
                h::MPI_MAX_INFO_KEY
            )));
        }
        Ok(key)
    }

    /// The MPI_Info_* calls and MPI_Comm_set_name / MPI_Comm_get_name.
    pub(crate) fn call_info(&mut self, site: &Site, args: &[u64]) -> Result<Effect, Halt> {
        let rank = site.rank;
        let a = Args::new(site.func, args);
        match site.func {
            F::InfoCreate => {
                let handle = self.dtypes.infos.add(
                    rank,
                    InfoObject {
                        entries: Vec::new(),
                        freed: false,
                        made_at: (site.loc, site.func),
                    },
                );
                self.write_i32(site, a.ptr("info")?, handle, "info")?;
            }
            F::InfoDup => {
                let info = a.int("info")?;
                let entries = self.info_entries(site, info)?;
                let handle = self.dtypes.infos.add(
                    rank,
                    InfoObject {
                        entries,
                        freed: false,
                        made_at: (site.loc, site.func),
                    },
                );
                self.write_i32(site, a.ptr("newinfo")?, handle, "newinfo")?;
            }
            F::InfoFree => {
                let addr = a.ptr("info")?;
                let handle = self.read_i32(site, addr, "info")?;
                if handle == h::MPI_INFO_ENV {
                    return Err(site.invalid("cannot free the predefined info object MPI_INFO_ENV"));
                }
                self.info_arg(site, handle, false)?;
                if let Some(i) = self.dtypes.infos.get_mut(rank, handle) {
                    i.freed = true;
                }
                self.write_i32(site, addr, h::MPI_INFO_NULL, "info")?;
            }
            F::InfoSet => {
                let info = a.int("info")?;
                self.info_arg(site, info, false)?;
                let key = self.info_key(site, a.ptr("key")?)?;
                let value = self.read_string(site, a.ptr("value")?, "value")?;
                if value.len() > h::MPI_MAX_INFO_VAL as usize {
                    return Err(site.invalid(format!(
                        "info value of {} characters is longer than MPI_MAX_INFO_VAL ({}) (MPI 3.1 §9)",
                        value.len(),
                        h::MPI_MAX_INFO_VAL
                    )));
                }
                let Some(i) = self.dtypes.infos.get_mut(rank, info) else {
                    return Err(
                        site.invalid("cannot modify the predefined info object MPI_INFO_ENV")
                    );
                };
                match i.entries.iter_mut().find(|(k, _)| *k == key) {
                    Some(e) => e.1 = value,
                    None => i.entries.push((key, value)),
                }
            }
            F::InfoDelete => {
                let info = a.int("info")?;
                self.info_arg(site, info, false)?;
                let key = self.info_key(site, a.ptr("key")?)?;
                let Some(i) = self.dtypes.infos.get_mut(rank, info) else {
                    return Err(
                        site.invalid("cannot modify the predefined info object MPI_INFO_ENV")
                    );
                };
                let before = i.entries.len();
                i.entries.retain(|(k, _)| *k != key);
                if i.entries.len() == before {
                    // MPI_ERR_INFO_NOKEY (§9).
                    return Err(site.invalid(format!("info key \"{key}\" is not set")));
                }
            }
            F::InfoGet | F::InfoGetValuelen => {
                let info = a.int("info")?;
                let entries = self.info_entries(site, info)?;
                let key = self.info_key(site, a.ptr("key")?)?;
                let found = entries.iter().find(|(k, _)| *k == key).map(|e| e.1.clone());
                if let Some(v) = &found {
                    if site.func == F::InfoGet {
                        let valuelen = a.int("valuelen")?;
                        if valuelen < 0 {
                            return Err(site.invalid(format!("valuelen is negative ({valuelen})")));
                        }
                        // `valuelen` excludes the NUL (§9).
                        self.write_string(
                            site,
                            a.ptr("value")?,
                            v,
                            valuelen as usize + 1,
                            "value",
                        )?;
                    } else {
                        self.write_i32(site, a.ptr("valuelen")?, v.len() as i32, "valuelen")?;
                    }
                }
                self.write_i32(site, a.ptr("flag")?, found.is_some() as i32, "flag")?;
            }
            F::InfoGetNkeys => {
                let info = a.int("info")?;
                let n = self.info_entries(site, info)?.len() as i32;
                self.write_i32(site, a.ptr("nkeys")?, n, "nkeys")?;
            }
            F::InfoGetNthkey => {
                let info = a.int("info")?;
                let entries = self.info_entries(site, info)?;
                let n = a.int("n")?;
                let Some((key, _)) = usize::try_from(n).ok().and_then(|n| entries.get(n)) else {
                    return Err(site.invalid(format!(
                        "n = {n} is not a key index of the info object (it has {} keys)",
                        entries.len()
                    )));
                };
                let key = key.clone();
                self.write_string(
                    site,
                    a.ptr("key")?,
                    &key,
                    h::MPI_MAX_INFO_KEY as usize + 1,
                    "key",
                )?;
            }
            F::CommSetName => {
                let handle = a.int("comm")?;
                self.comm(site, handle)?;
                let name = self.read_string(site, a.ptr("comm_name")?, "comm_name")?;
                // §6.8: longer names are truncated to MPI_MAX_OBJECT_NAME - 1.
                let name: String = name
                    .chars()
                    .take(h::MPI_MAX_OBJECT_NAME as usize - 1)
                    .collect();
                self.dtypes.infos.set_comm_name(rank, handle, name);
            }
            F::CommGetName => {
                let handle = a.int("comm")?;
                self.comm(site, handle)?;
                let name = self.dtypes.infos.comm_name(rank, handle);
                self.write_string(
                    site,
                    a.ptr("comm_name")?,
                    &name,
                    h::MPI_MAX_OBJECT_NAME as usize,
                    "comm_name",
                )?;
                self.write_i32(site, a.ptr("resultlen")?, name.len() as i32, "resultlen")?;
            }
            _ => unreachable!("not an info or naming call"),
        }
        Ok(Effect::Return(0))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn comm_names_default_to_the_predefined_ones_and_follow_the_last_set() {
        let mut t = InfoTables::default();
        assert_eq!(t.comm_name(0, h::MPI_COMM_WORLD), "MPI_COMM_WORLD");
        assert_eq!(t.comm_name(0, 0x4400_0005), "");
        t.set_comm_name(0, h::MPI_COMM_WORLD, "grid".into());
        t.set_comm_name(0, h::MPI_COMM_WORLD, "mesh".into());
        assert_eq!(t.comm_name(0, h::MPI_COMM_WORLD), "mesh");
        assert_eq!(t.comm_name(1, h::MPI_COMM_WORLD), "MPI_COMM_WORLD");
    }

    #[test]
    fn info_handles_are_per_process_and_live_until_freed() {
        let mut t = InfoTables::default();
        let made = (0, MpiFunc::InfoCreate);
        let a = t.add(
            1,
            InfoObject {
                entries: vec![],
                freed: false,
                made_at: made,
            },
        );
        assert_eq!(a, INFO_HANDLE_BASE);
        assert!(t.get(0, a).is_none());
        assert_eq!(t.live(1), vec![made]);
        t.get_mut(1, a).unwrap().freed = true;
        assert!(t.live(1).is_empty());
    }
}

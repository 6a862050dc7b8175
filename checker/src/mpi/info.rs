//! Info objects (MPI 3.1 chapter 9) and communicator names (§6.8) of each
//! process. Both are local: no other process sees them and no call blocks.
//! An info object the program made and did not free by MPI_Finalize is
//! reported with the other unfreed objects (`leaks.rs`).

use super::args::Args;
use super::decode::*;
use crate::mpi::machine::*;
use runtime_model::handles as h;
use runtime_model::mpi_api::MpiFunc as F;

pub use runtime_model::mpi::objects::{InfoObject, InfoTables};

impl Machine {
    /// Checks an info argument: `MPI_INFO_NULL` (where `null_ok`),
    /// `MPI_INFO_ENV`, or a live info object of the process.
    pub(crate) fn info_arg(&self, site: &Site, info: i32, null_ok: bool) -> Result<(), Halt> {
        match info {
            h::MPI_INFO_NULL if null_ok => Ok(()),
            h::MPI_INFO_NULL => Err(site.invalid("info is MPI_INFO_NULL")),
            h::MPI_INFO_ENV => Ok(()),
            _ => match self.world.objects.infos.get(site.rank, info) {
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
    pub(crate) fn info_entries(
        &self,
        site: &Site,
        info: i32,
    ) -> Result<Vec<(String, String)>, Halt> {
        self.info_arg(site, info, false)?;
        Ok(self
            .world
            .objects
            .infos
            .get(site.rank, info)
            .map(|i| i.entries.clone())
            .unwrap_or_default())
    }

    pub(crate) fn read_string(&self, site: &Site, addr: u64, what: &str) -> Result<String, Halt> {
        self.procs[site.rank]
            .proc
            .mem
            .read_c_string(addr)
            .map(|b| String::from_utf8_lossy(&b).into_owned())
            .map_err(|f| site.memory(what, f))
    }

    /// Writes `s` and its NUL into a buffer of `room` bytes, cutting `s`
    /// to fit (§9: values longer than `valuelen` are truncated).
    pub(crate) fn write_string(
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
                let handle = self.world.objects.infos.add(
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
                let handle = self.world.objects.infos.add(
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
                if let Some(i) = self.world.objects.infos.get_mut(rank, handle) {
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
                let Some(i) = self.world.objects.infos.get_mut(rank, info) else {
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
                let Some(i) = self.world.objects.infos.get_mut(rank, info) else {
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
                self.world.objects.infos.set_comm_name(rank, handle, name);
            }
            // MPI 3.1 §6.8: names of datatypes, as of communicators. The
            // handles of types and communicators never coincide, so one
            // table holds both.
            F::TypeSetName => {
                let handle = a.int("datatype")?;
                self.type_map(site, handle, false)?;
                let name = self.read_string(site, a.ptr("type_name")?, "type_name")?;
                let name: String = name
                    .chars()
                    .take(h::MPI_MAX_OBJECT_NAME as usize - 1)
                    .collect();
                self.world.objects.infos.set_comm_name(rank, handle, name);
            }
            F::TypeGetName => {
                let handle = a.int("datatype")?;
                self.type_map(site, handle, false)?;
                // §6.8: a predefined type's default name is its own; a
                // derived type's is empty.
                let name = self
                    .world
                    .objects
                    .infos
                    .object_name(rank, handle)
                    .or_else(|| h::predefined_datatype_name(handle).map(str::to_string))
                    .unwrap_or_default();
                self.write_string(
                    site,
                    a.ptr("type_name")?,
                    &name,
                    h::MPI_MAX_OBJECT_NAME as usize,
                    "type_name",
                )?;
                self.write_i32(site, a.ptr("resultlen")?, name.len() as i32, "resultlen")?;
            }
            F::CommGetName => {
                let handle = a.int("comm")?;
                self.comm(site, handle)?;
                let name = self.world.objects.infos.comm_name(rank, handle);
                self.write_string(
                    site,
                    a.ptr("comm_name")?,
                    &name,
                    h::MPI_MAX_OBJECT_NAME as usize,
                    "comm_name",
                )?;
                self.write_i32(site, a.ptr("resultlen")?, name.len() as i32, "resultlen")?;
            }
            _ => return Err(misrouted(site.func, "info and naming")),
        }
        Ok(Effect::Return(0))
    }
}

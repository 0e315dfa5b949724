//! [`Tokens`]: up to 16 small numbers in a row.

use std::fmt;

/// Up to 16 small numbers in a row: a stack of pancakes (the top first),
/// a ring of tokens, or each disc's peg. A `Copy` value of 17 bytes.
///
/// # Example
///
/// ```
/// use puzzles::Tokens;
///
/// let tokens = Tokens::new(&[2, 0, 1]).expect("16 at most");
/// assert_eq!(tokens.as_slice(), [2, 0, 1]);
/// assert_eq!(tokens.to_string(), "2 0 1");
/// assert!(Tokens::new(&[0; 17]).is_none());
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Tokens {
    // Items past `len` are always 0, so that equal rows are equal values.
    len: u8,
    items: [u8; 16],
}

impl Tokens {
    /// The numbers `items`, or `None` when there are more than 16.
    ///
    /// # Example
    ///
    /// See [`Tokens`].
    pub fn new(items: &[u8]) -> Option<Tokens> {
        let mut tokens = Tokens { len: u8::try_from(items.len()).ok()?, items: [0; 16] };
        tokens.items.get_mut(..items.len())?.copy_from_slice(items);
        Some(tokens)
    }

    /// `0, 1, ..., len - 1`, for `len` at most 16.
    pub(crate) fn ascending(len: usize) -> Tokens {
        let mut tokens = Tokens::zeros(len);
        for (i, item) in tokens.as_mut_slice().iter_mut().enumerate() {
            *item = i as u8;
        }
        tokens
    }

    /// `len` zeros, for `len` at most 16.
    pub(crate) fn zeros(len: usize) -> Tokens {
        Tokens { len: len.min(16) as u8, items: [0; 16] }
    }

    /// The numbers.
    ///
    /// # Example
    ///
    /// See [`Tokens`].
    pub fn as_slice(&self) -> &[u8] {
        &self.items[..usize::from(self.len)]
    }

    pub(crate) fn as_mut_slice(&mut self) -> &mut [u8] {
        &mut self.items[..usize::from(self.len)]
    }
}

impl AsRef<[u8]> for Tokens {
    fn as_ref(&self) -> &[u8] {
        self.as_slice()
    }
}

impl fmt::Display for Tokens {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, item) in self.as_slice().iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{item}")?;
        }
        Ok(())
    }
}

impl fmt::Debug for Tokens {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.as_slice()).finish()
    }
}

/// Tokens travel as their numbers, and are checked again when they
/// arrive (16 at most).
#[cfg(feature = "serde")]
impl serde::Serialize for Tokens {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serde::Serialize::serialize(self.as_slice(), serializer)
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Tokens {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Tokens, D::Error> {
        let items: Vec<u8> = serde::Deserialize::deserialize(deserializer)?;
        Tokens::new(&items).ok_or_else(|| serde::de::Error::custom("more than 16 tokens"))
    }
}

//! Spaces numbered by search-core's ranking building blocks, each a page
//! of code, for the dense engine at billions of states: the pancake
//! puzzle ([`Pancakes`](crate::Pancakes)), TopSpin
//! ([`TopSpin`](crate::TopSpin)) and the Tower of Hanoi with four pegs
//! ([`Hanoi4`](crate::Hanoi4)). Their states are [`Tokens`](crate::Tokens).

pub(crate) mod hanoi;
pub(crate) mod layers;
pub(crate) mod pancakes;
pub(crate) mod tokens;
pub(crate) mod topspin;

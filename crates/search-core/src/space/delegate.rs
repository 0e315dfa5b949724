//! `delegate_successors!`: how an adaptor passes a space's successors,
//! ranking and failure on.

/// The body of an `impl Successors` for an adaptor that keeps the space's
/// states and moves: `successors`, `successors_until`, `ranking`,
/// `failure`, `heap_bytes` and `class_size`, each handed to the space in the field `$field`, as petgraph's adaptors forward theirs. Written once,
/// so that a method added to [`Successors`](crate::Successors) is passed
/// on by every adaptor.
macro_rules! delegate_successors {
    ($field:tt) => {
        #[inline]
        fn successors<Report>(&self, state: &Self::State, report: Report)
        where
            Report: FnMut(Self::State, Self::Move),
        {
            self.$field.successors(state, report);
        }

        #[inline]
        fn successors_until<Report>(
            &self,
            state: &Self::State,
            report: Report,
        ) -> std::ops::ControlFlow<()>
        where
            Report: FnMut(Self::State, Self::Move) -> std::ops::ControlFlow<()>,
        {
            self.$field.successors_until(state, report)
        }

        fn ranking(&self) -> Option<impl $crate::space::traits::Ranking<Self::State> + '_> {
            self.$field.ranking()
        }

        fn failure(&self) -> Option<$crate::error::Error> {
            self.$field.failure()
        }

        #[inline]
        fn heap_bytes(&self, state: &Self::State) -> usize {
            self.$field.heap_bytes(state)
        }

        #[inline]
        fn class_size(&self, state: &Self::State) -> u64 {
            self.$field.class_size(state)
        }
    };
}

pub(crate) use delegate_successors;

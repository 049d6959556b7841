package clock

// TypeMarkRecordedByHR is a mark HR records for an employee (same data as a registered
// mark, plus actorId, reason and kind). Its events take an NSR like punches do
// (migrations/00200_rep_p.sql, rep_record_types).
const TypeMarkRecordedByHR = "clock.mark_recorded_by_hr.v1"

package readapi

import "portal/readapi/home"

// queuePending are the home banner's items of the queues (spec portal-business §2 "Pending
// items"; issue 35): the caller's own requests waiting on them, and the approvals waiting in
// their queues (requests, vacations, punch adjustments, abonos), and the surveys they have
// not finished. Each area's push topic already refreshes the banner (web
// app/live-queries.ts: request.changed, vacation.changed, survey.changed/results).
func (s *Server) queuePending() []home.PendingProvider {
	var out []home.PendingProvider
	if s.Requests != nil {
		out = append(out, home.PendingFunc(s.Requests.OwnPending), home.PendingFunc(s.Requests.ApprovalPending))
	}
	if s.Vacations != nil {
		out = append(out, home.PendingFunc(s.Vacations.ApprovalPending))
	}
	if s.Adjustments != nil {
		out = append(out, home.PendingFunc(s.Adjustments.AdjustmentPending), home.PendingFunc(s.Adjustments.AbonoPending))
	}
	if s.Surveys != nil {
		out = append(out, home.PendingFunc(s.Surveys.SurveyPending))
	}
	return out
}

import { BrowserRouter, Routes, Route, Link, useNavigate, useLocation, useSearchParams, Navigate, Outlet } from 'react-router';
function A(){const n=useNavigate();const l=useLocation();const [s]=useSearchParams();return <div onClick={()=>n('/x',{state:1})}>{l.pathname}{s.get('a')}<Link to="/b">b</Link><Outlet/><Navigate to="/c"/></div>}
export function App(){return <BrowserRouter><Routes><Route element={<A/>}><Route path="*" element={<A/>}/></Route></Routes></BrowserRouter>}
window.App=App;
